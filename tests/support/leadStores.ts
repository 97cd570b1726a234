import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres } from '../../server/platform/database/postgres.ts';
import type { SqlClient } from '../../server/platform/database/sqlClient.ts';
import { openSqlite } from '../../server/platform/database/sqlite.ts';
import type { LeadStore } from '../../server/features/leads/store.ts';
import { freshPostgresSchema, testPostgresUrl } from './postgres.ts';

/** What the upload budgets count of `client`'s stored uploads since `since`, read the way a budget decision reads it. */
export const uploadUsageOf = (store: LeadStore, client: string, since: number) =>
  // No reservation is held after `heldSince`: only the recorded files count.
  store.adjustUploadReservation({ id: 'probe', client, since, heldSince: Number.MAX_SAFE_INTEGER, now: 0 }, (usage) => ({
    result: usage,
  }));

export interface TestDatabase {
  /** Opens one more client on the same database (a second worker, a restart). */
  open(): SqlClient;
  /** DATABASE_URL for a server process, or undefined for SQLite (then use `dataDir`). */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  cleanup(): Promise<void>;
}

export interface Engine {
  readonly name: 'SQLite' | 'PostgreSQL';
  create(): Promise<TestDatabase>;
}

/** The engines the leads tests run against: SQLite always, PostgreSQL when one is available. */
export async function leadStoreEngines(): Promise<{ engines: Engine[]; postgresMissing: boolean }> {
  const pgUrl = await testPostgresUrl();
  const sqlite: Engine = {
    name: 'SQLite',
    async create() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'leads-sqlite-'));
      const clients: SqlClient[] = [];
      return {
        databaseUrl: undefined,
        dataDir,
        open() {
          const client = openSqlite(path.join(dataDir, 'leads.sqlite'));
          clients.push(client);
          return client;
        },
        async cleanup() {
          await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
  if (pgUrl === undefined) return { engines: [sqlite], postgresMissing: true };
  const postgres: Engine = {
    name: 'PostgreSQL',
    async create() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'leads-pg-'));
      const schema = await freshPostgresSchema(pgUrl);
      const clients: SqlClient[] = [];
      return {
        databaseUrl: schema.url,
        dataDir,
        open() {
          const client = openPostgres(schema.url, { onIdleConnectionLost: () => undefined });
          clients.push(client);
          return client;
        },
        async cleanup() {
          await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
          await schema.drop();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
  return { engines: [sqlite, postgres], postgresMissing: false };
}
