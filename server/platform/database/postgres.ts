import pg from 'pg';
import type { SqlClient, SqlValue } from './sqlClient.ts';

// BIGINT columns hold millisecond timestamps and sizes, all far below 2^53: read them as numbers.
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown)) as typeof pg.types.getTypeParser,
};

export interface PostgresOptions {
  /** Hears of a pooled connection that died while idle: the pool drops it, the next statement opens a new one. */
  readonly onIdleConnectionLost: (error: Error) => void;
  /** The pool's size and idle closing; an idle pool lets the process exit when `allowExitOnIdle`. */
  readonly pool?: Pick<pg.PoolConfig, 'max' | 'idleTimeoutMillis' | 'allowExitOnIdle'>;
}

/** PostgreSQL through a `pg` pool (DATABASE_URL). */
export function openPostgres(connectionString: string, options: PostgresOptions): SqlClient {
  const pool = new pg.Pool({ connectionString, max: 5, types, connectionTimeoutMillis: 10_000, ...options.pool });
  // Without a listener the pool's 'error' event would crash the process.
  pool.on('error', options.onIdleConnectionLost);
  return {
    ...statementsOver(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ ...statementsOver(client), transaction: nested, close: nested });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

const nested = () => Promise.reject(new Error('a transaction uses the client it is given, and the outer client closes'));

function statementsOver(client: pg.Pool | pg.PoolClient): Omit<SqlClient, 'transaction' | 'close'> {
  return {
    dialect: 'postgres',
    async all<Row>(sql: string, params: readonly SqlValue[] = []) {
      return (await client.query(sql, params as SqlValue[])).rows as Row[];
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      return (await client.query(sql, params as SqlValue[])).rowCount ?? 0;
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}
