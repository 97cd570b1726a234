import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config/env.ts';
import type { Logger } from '../logging/logger.ts';
import type { Readiness } from '../middleware/health.ts';
import { confirmationSender, CONFIRMATION_DESTINATION, wantsConfirmation } from './confirmationEmail.ts';
import { emailSender } from './email.ts';
import { Outbox } from './outbox.ts';
import { openPostgres } from './postgresClient.ts';
import { Purge, UNCLAIMED_UPLOAD_TTL_MS } from './purge.ts';
import { openSqlite } from './sqliteClient.ts';
import type { SqlClient } from './sqlClient.ts';
import { StoreAvailability, watchAvailability } from './storeAvailability.ts';
import { LeadStore, type NewLead } from './store.ts';
import { DatabaseUploadFiles } from './databaseUploadFiles.ts';
import { DiskUploadFiles, type UploadFiles } from './uploadFiles.ts';
import { webhookSender, type Sender } from './webhook.ts';

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

/**
 * How long `/readyz` waits for the store: a database that takes longer to answer `SELECT 1` is
 * as good as unreachable for a visitor waiting on a form (the pool itself gives up after 10 s).
 */
export const STORE_READY_TIMEOUT_MS = 5000;

/**
 * Opens the store (PostgreSQL when DATABASE_URL is set, else SQLite in the data folder),
 * migrates it, and — with `schedule` — starts the outbox and the purge on their schedules.
 */
export async function startLeadCapture(
  config: Pick<Config, 'leads' | 'publicBaseUrl'>,
  logger: Logger,
  options: { schedule?: boolean; db?: SqlClient } = {},
): Promise<LeadCapture> {
  const { leads } = config;
  const availability = new StoreAvailability(logger);
  // `options.db`: a client opened by the caller (tests that make the database fail on demand).
  const opened =
    options.db ??
    (leads.databaseUrl !== undefined
      ? openPostgres(leads.databaseUrl, (error) => availability.lost(error))
      : openSqlite(path.join(leads.dataDir, SQLITE_FILE)));
  const db = watchAvailability(opened, availability);
  const store = new LeadStore(db);
  await store.migrate();
  // With PostgreSQL every instance must read every file (docs/deploy.md): the files go there too.
  const uploadsDir = path.join(leads.dataDir, 'uploads');
  const files: UploadFiles = db.dialect === 'postgres' ? new DatabaseUploadFiles(uploadsDir, db) : new DiskUploadFiles(uploadsDir);

  const senders: Record<string, Sender> = {};
  let mail: ReturnType<typeof emailSender> | undefined;
  if (leads.webhook !== undefined) senders.webhook = webhookSender(leads.webhook);
  if (leads.email !== undefined) {
    const messageIdDomain = new URL(config.publicBaseUrl).hostname;
    mail = emailSender({ ...leads.email, files, logger, messageIdDomain });
    senders.email = mail;
    senders[CONFIRMATION_DESTINATION] = confirmationSender({
      transport: mail.transport,
      from: leads.email.from,
      messageIdDomain,
      siteUrl: config.publicBaseUrl,
      logger,
    });
  }
  if (Object.keys(senders).length === 0) {
    logger.warn(
      { undeliveredPurgeAfterDays: leads.undeliveredPurgeAfterDays },
      'no LEADS_WEBHOOK_URL or SMTP_URL: leads are only stored, nobody is notified, and each is deleted after LEADS_UNDELIVERED_PURGE_DAYS',
    );
  }

  const outbox = new Outbox({ store, senders, logger, retryBaseMs: leads.retryBaseMs });
  const purge = new Purge({
    store,
    files,
    purgeAfterDays: leads.purgeAfterDays,
    undeliveredPurgeAfterDays: leads.undeliveredPurgeAfterDays,
    logger,
  });
  if (options.schedule !== false) {
    outbox.start(leads.outboxCron);
    purge.start();
    // Whatever was left undelivered by the previous run of the server goes out now.
    outbox.kick();
  }
  const destinations = outbox.destinations;
  // The visitor's confirmation only where the success page promises one, and never for a post
  // that looks automated: a bot typing someone's address must not make the site mail them.
  const destinationsOf = (lead: NewLead) =>
    wantsConfirmation(lead) && lead.suspectedSpam === undefined
      ? destinations
      : destinations.filter((destination) => destination !== CONFIRMATION_DESTINATION);

  return {
    store,
    files,
    outbox,
    purge,
    async readiness() {
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
    },
    async submit(lead) {
      // An upload older than its hour has expired, even if the purge has not removed it yet.
      const result = await store.insertLead({ ...lead, uploadsNotBefore: Date.now() - UNCLAIMED_UPLOAD_TTL_MS }, destinationsOf(lead));
      if (result.created) outbox.kick();
      return result;
    },
    async close() {
      await outbox.stop();
      await purge.stop();
      mail?.close();
      await store.close();
    },
  };
}
