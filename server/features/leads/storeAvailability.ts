import type { Logger } from '../../platform/logging/logger.ts';
import { leadsStoreUnavailable } from '../../platform/monitoring/metrics.ts';
import type { SqlClient, SqlValue } from '../../platform/database/sqlClient.ts';

/** A statement failed because the database could not be reached: the forms answer 503 with Retry-After (decision 023). */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(cause: unknown) {
    super('the leads database cannot be reached', { cause });
  }
}

/** Errors of the socket under a connection (Node's `code`), when connecting or mid-query. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL's SQLSTATEs for "no server": class 08, and 57P01–57P03 (shutting down, crashed, not yet accepting). */
const SERVER_GONE_CODES = new Set(['57P01', '57P02', '57P03']);
/** `pg`'s own errors for a connection that died or never came, which carry no code. */
const DRIVER_MESSAGES = ['Connection terminated', 'timeout exceeded when trying to connect', 'Client has encountered a connection error'];

/** Whether `error` says the database is unreachable, rather than that a statement was wrong. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE_CODES.has(code) || code.startsWith('08'))) return true;
  return DRIVER_MESSAGES.some((start) => error.message.startsWith(start));
}

/** Whether the database answers, as the store's statements find out: one error line when lost, one when back. */
export class StoreAvailability {
  #lostAt: number | undefined;
  #failures = 0;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  get available(): boolean {
    return this.#lostAt === undefined;
  }

  /** A statement (or an idle pooled connection) failed: the database is unreachable. */
  lost(error: unknown): void {
    this.#failures += 1;
    if (this.#lostAt !== undefined) return;
    this.#lostAt = this.now();
    leadsStoreUnavailable.set(1);
    // The driver's message and code name a host and a port at most; never a statement's values.
    const { message, code } = error as { message?: unknown; code?: unknown };
    this.logger.error(
      { err: { message: String(message ?? error), ...(typeof code === 'string' ? { code } : {}) } },
      'leads database unreachable: forms answer 503 until it is back',
    );
  }

  /** A statement got an answer: the database is reachable. */
  reached(): void {
    if (this.#lostAt === undefined) return;
    const downMs = this.now() - this.#lostAt;
    const failedStatements = this.#failures;
    this.#lostAt = undefined;
    this.#failures = 0;
    leadsStoreUnavailable.set(0);
    this.logger.info({ downMs, failedStatements }, 'leads database reachable again');
  }
}

/** `db` reporting to `availability`; a connection failure rethrown as {@link StoreUnavailableError}, anything else as it was. */
export function watchAvailability(db: SqlClient, availability: StoreAvailability): SqlClient {
  const watch = async <T>(statement: () => Promise<T>): Promise<T> => {
    try {
      const result = await statement();
      availability.reached();
      return result;
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      if (!isConnectionFailure(error)) {
        availability.reached();
        throw error;
      }
      availability.lost(error);
      throw new StoreUnavailableError(error);
    }
  };
  return {
    dialect: db.dialect,
    all: <Row>(sql: string, params?: readonly SqlValue[]) => watch(() => db.all<Row>(sql, params)),
    run: (sql, params) => watch(() => db.run(sql, params)),
    exec: (sql) => watch(() => db.exec(sql)),
    transaction: <T>(fn: (tx: SqlClient) => Promise<T>) => watch(() => db.transaction(fn)),
    close: () => db.close(),
  };
}
