import type { SqlClient } from '../../platform/database/sqlClient.ts';

/** The leads store's versioned schema, one SQL for both engines (times in ms as BIGINT, JSON as TEXT); never edited once released. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'leads, deliveries and uploads',
    sql: `
      CREATE TABLE leads (
        id TEXT PRIMARY KEY,
        form TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        idempotency_key TEXT UNIQUE,
        page TEXT,
        utm TEXT NOT NULL,
        fields TEXT NOT NULL,
        purged_at BIGINT
      );
      CREATE TABLE deliveries (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        destination TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        delivered_at BIGINT,
        last_error TEXT
      );
      CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE delivered_at IS NULL;
      CREATE INDEX deliveries_lead ON deliveries (lead_id);
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        field TEXT NOT NULL,
        name TEXT NOT NULL,
        size BIGINT NOT NULL,
        type TEXT NOT NULL,
        lead_id TEXT REFERENCES leads (id)
      );
      CREATE INDEX uploads_lead ON uploads (lead_id);
    `,
  },
  {
    version: 2,
    name: 'attachments keep the order the visitor chose them in',
    sql: 'ALTER TABLE uploads ADD COLUMN position INTEGER NOT NULL DEFAULT 0;',
  },
  {
    version: 3,
    // PostgreSQL only (databaseUploadFiles.ts): SQLite keeps its files in the local folder.
    name: 'uploaded files in the database, in chunks, for every instance to read',
    sql: `
      CREATE TABLE upload_chunks (
        upload_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        data BYTEA NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (upload_id, seq)
      );
      CREATE INDEX upload_chunks_created ON upload_chunks (created_at);
    `,
  },
  {
    version: 4,
    name: 'rate-limit counters shared by all instances',
    sql: `
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        reset_at BIGINT NOT NULL
      );
      CREATE INDEX rate_limits_reset ON rate_limits (reset_at);
    `,
  },
  {
    version: 5,
    // `client` is a hash of the client's address or IPv6 /56 (forms/uploadBudget.ts), never the address.
    name: 'uploads remember which client sent them, for the per-client upload budget',
    sql: `
      ALTER TABLE uploads ADD COLUMN client TEXT;
      CREATE INDEX uploads_client ON uploads (client, created_at);
    `,
  },
  {
    version: 6,
    // `honeypot` or `too fast` (decision 039); NULL for every other lead.
    name: 'leads suspected of being spam are kept and marked',
    sql: 'ALTER TABLE leads ADD COLUMN suspected_spam TEXT;',
  },
  {
    version: 7,
    // Decision 030: kept an hour, then purged.
    name: 'results of forms posted without JavaScript, for the page they return to',
    sql: `
      CREATE TABLE form_results (
        id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        result TEXT NOT NULL
      );
      CREATE INDEX form_results_created ON form_results (created_at);
    `,
  },
  {
    version: 8,
    // Decision 039: settled into `uploads` rows, or released, when the upload ends.
    name: 'upload budget reservations held while files are received',
    sql: `
      CREATE TABLE upload_reservations (
        id TEXT PRIMARY KEY,
        client TEXT NOT NULL,
        bytes BIGINT NOT NULL,
        files INTEGER NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX upload_reservations_client ON upload_reservations (client, created_at);
    `,
  },
];

// Any constant: it only has to be the same in every process that migrates this database.
const PG_MIGRATION_LOCK = 6_270_611;

/** Applies the migrations not yet recorded, each in a transaction, under an advisory lock or `BEGIN IMMEDIATE`. */
export async function migrate(db: SqlClient, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    await db.transaction(async (tx) => {
      if (tx.dialect === 'postgres') await tx.all('SELECT pg_advisory_xact_lock($1)', [PG_MIGRATION_LOCK]);
      await tx.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
      );
      const done = await tx.all('SELECT version FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.length > 0) return;
      await tx.exec(migration.sql);
      const values = [migration.version, migration.name, Date.now()];
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', values);
      applied.push(migration.version);
    });
  }
  return applied;
}
