import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../platform/config/env.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { Readiness } from '../../platform/http/health.ts';
import { CONFIRMATION_DESTINATION, wantsConfirmation } from './confirmationEmail.ts';
import { leadSenders } from './leadSenders.ts';
import { Outbox } from './outbox.ts';
import { openPostgres } from '../../platform/database/postgres.ts';
import { Purge, UNCLAIMED_UPLOAD_TTL_MS } from './purge.ts';
import { openSqlite } from '../../platform/database/sqlite.ts';
import type { SqlClient } from '../../platform/database/sqlClient.ts';
import { StoreAvailability, watchAvailability } from './storeAvailability.ts';
import { LeadStore, type NewLead } from './store.ts';
import { DatabaseUploadFiles } from './databaseUploadFiles.ts';
import { DiskUploadFiles, type UploadFiles } from './uploadFiles.ts';

/** Everything the form endpoints need from the leads side, and its lifecycle. */
export interface LeadCapture {
  readonly store: LeadStore;
  readonly files: UploadFiles;
  readonly outbox: Outbox;
  readonly purge: Purge;
  /** `/readyz`'s `leads` check: the store answers a trivial statement in time. */
  readonly readiness: Readiness;
  /** Stores a lead durably (resolves only once written), then starts delivering it. */
  submit(lead: NewLead): Promise<{ id: string; created: boolean }>;
  close(): Promise<void>;
}

export const SQLITE_FILE = 'leads.sqlite';

/** How long `/readyz` waits for the store's `SELECT 1`: slower is as good as unreachable for a visitor waiting on a form. */
export const STORE_READY_TIMEOUT_MS = 5000;

type LeadsConfig = Config['leads'];

/** Opens the store (PostgreSQL with DATABASE_URL, else SQLite), migrates it, and with `schedule` starts the outbox and purge. */
export async function startLeadCapture(
  config: Pick<Config, 'leads' | 'publicBaseUrl'>,
  logger: Logger,
  options: { schedule?: boolean; db?: SqlClient } = {},
): Promise<LeadCapture> {
  const { leads } = config;
  const db = openDatabase(leads, logger, options.db);
  const store = new LeadStore(db);
  await store.migrate();
  const files = uploadFilesOf(db, leads.dataDir);
  const { senders, mail } = leadSenders(config, files, logger);
  const outbox = new Outbox({ store, senders, logger, retryBaseMs: leads.retryBaseMs });
  const { purgeAfterDays, undeliveredPurgeAfterDays } = leads;
  const purge = new Purge({ store, files, purgeAfterDays, undeliveredPurgeAfterDays, logger });
  if (options.schedule !== false) startSchedules(outbox, purge, leads.outboxCron);
  return {
    store,
    files,
    outbox,
    purge,
    readiness: storeReadiness(store),
    submit: submitter(store, outbox),
    async close() {
      await outbox.stop();
      await purge.stop();
      mail?.close();
      await store.close();
    },
  };
}

/** The leads database, watched for outages (decision 023). */
function openDatabase(leads: LeadsConfig, logger: Logger, given: SqlClient | undefined): SqlClient {
  const availability = new StoreAvailability(logger);
  // `given`: a client opened by the caller (tests that make the database fail on demand).
  const opened =
    given ??
    (leads.databaseUrl !== undefined
      ? openPostgres(leads.databaseUrl, { onIdleConnectionLost: (error) => availability.lost(error) })
      : openSqlite(path.join(leads.dataDir, SQLITE_FILE)));
  return watchAvailability(opened, availability);
}

/** With PostgreSQL every instance must read every file (docs/deploy.md): the files go there too. */
function uploadFilesOf(db: SqlClient, dataDir: string): UploadFiles {
  const uploadsDir = path.join(dataDir, 'uploads');
  return db.dialect === 'postgres' ? new DatabaseUploadFiles(uploadsDir, db) : new DiskUploadFiles(uploadsDir);
}

function startSchedules(outbox: Outbox, purge: Purge, outboxCron: string): void {
  outbox.start(outboxCron);
  purge.start();
  // Whatever was left undelivered by the previous run of the server goes out now.
  outbox.kick();
}

/** The store answers `SELECT 1` within STORE_READY_TIMEOUT_MS. */
function storeReadiness(store: LeadStore): Readiness {
  return async () => {
    const timeout = new AbortController();
    const answered = await Promise.race([
      store.ping().then(
        () => true,
        () => false,
      ),
      sleep(STORE_READY_TIMEOUT_MS, false, { signal: timeout.signal }).catch(() => false),
    ]);
    timeout.abort();
    // No details: the outage and its reason are logged once by the availability tracker.
    return { ready: answered, checks: { leads: answered ? 'ok' : 'unavailable' } };
  };
}

function submitter(store: LeadStore, outbox: Outbox): LeadCapture['submit'] {
  const destinations = outbox.destinations;
  // The confirmation only where the success page promises it, never for an automated post: a bot must not make us mail someone.
  const destinationsOf = (lead: NewLead) =>
    wantsConfirmation(lead) && lead.suspectedSpam === undefined
      ? destinations
      : destinations.filter((destination) => destination !== CONFIRMATION_DESTINATION);
  return async (lead) => {
    // An upload older than its hour has expired, even if the purge has not removed it yet.
    const result = await store.insertLead({ ...lead, uploadsNotBefore: Date.now() - UNCLAIMED_UPLOAD_TTL_MS }, destinationsOf(lead));
    if (result.created) outbox.kick();
    return result;
  };
}
