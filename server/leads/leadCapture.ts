import path from 'node:path';
import type { Config } from '../config/env.ts';
import type { Logger } from '../logging/logger.ts';
import { emailSender } from './email.ts';
import { Outbox } from './outbox.ts';
import { openPostgres } from './postgresClient.ts';
import { Purge, UNCLAIMED_UPLOAD_TTL_MS } from './purge.ts';
import { openSqlite } from './sqliteClient.ts';
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
  /** Stores a lead durably (resolves only once written), then starts delivering it. */
  submit(lead: NewLead): Promise<{ id: string; created: boolean }>;
  close(): Promise<void>;
}

export const SQLITE_FILE = 'leads.sqlite';

/**
 * Opens the store (PostgreSQL when DATABASE_URL is set, else SQLite in the data folder),
 * migrates it, and — with `schedule` — starts the outbox and the purge on their schedules.
 */
export async function startLeadCapture(
  config: Pick<Config, 'leads' | 'publicBaseUrl'>,
  logger: Logger,
  options: { schedule?: boolean } = {},
): Promise<LeadCapture> {
  const { leads } = config;
  const db = leads.databaseUrl !== undefined ? openPostgres(leads.databaseUrl, logger) : openSqlite(path.join(leads.dataDir, SQLITE_FILE));
  const store = new LeadStore(db);
  await store.migrate();
  // With PostgreSQL every instance must read every file (docs/deploy.md): the files go there too.
  const uploadsDir = path.join(leads.dataDir, 'uploads');
  const files: UploadFiles = db.dialect === 'postgres' ? new DatabaseUploadFiles(uploadsDir, db) : new DiskUploadFiles(uploadsDir);

  const senders: Record<string, Sender> = {};
  let mail: ReturnType<typeof emailSender> | undefined;
  if (leads.webhook !== undefined) senders.webhook = webhookSender(leads.webhook);
  if (leads.email !== undefined) {
    mail = emailSender({ ...leads.email, files, logger, messageIdDomain: new URL(config.publicBaseUrl).hostname });
    senders.email = mail;
  }
  if (Object.keys(senders).length === 0) {
    logger.warn('no LEADS_WEBHOOK_URL or SMTP_URL: leads are only stored, nobody is notified');
  }

  const outbox = new Outbox({ store, senders, logger, retryBaseMs: leads.retryBaseMs });
  const purge = new Purge({ store, files, purgeAfterDays: leads.purgeAfterDays, logger });
  if (options.schedule !== false) {
    outbox.start(leads.outboxCron);
    purge.start();
    // Whatever was left undelivered by the previous run of the server goes out now.
    outbox.kick();
  }
  const destinations = outbox.destinations;

  return {
    store,
    files,
    outbox,
    purge,
    async submit(lead) {
      // An upload older than its hour has expired, even if the purge has not removed it yet.
      const result = await store.insertLead({ ...lead, uploadsNotBefore: Date.now() - UNCLAIMED_UPLOAD_TTL_MS }, destinations);
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
