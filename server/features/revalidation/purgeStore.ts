import { openPostgres } from '../../platform/database/postgres.ts';
import type { SqlValue } from '../../platform/database/sqlClient.ts';

/** A purge that failed and waits for its retry: one target, its tags. */
export interface PendingPurge {
  readonly id: string;
  readonly target: string;
  readonly tags: readonly string[];
  readonly attempts: number;
}

/** Where failed purges wait (decision 036): in PostgreSQL when instances share one, else in this process's memory. */
export interface PurgeStore {
  add(purges: readonly { readonly target: string; readonly tags: readonly string[] }[]): Promise<void>;
  /** Claims up to `limit` due purges on `targets` for `leaseMs`; a target no instance names stays for an operator. */
  claimDue(targets: readonly string[], limit: number, leaseMs: number): Promise<PendingPurge[]>;
  done(id: string): Promise<void>;
  retryLater(id: string, delayMs: number, error: string): Promise<void>;
  pending(): Promise<number>;
  /** A build starts serving: true for the first process, which queued purges of older builds' tags in the same step. */
  claimBuild(buildId: string, targets: readonly string[], tagsOf: (olderBuilds: readonly string[]) => string[]): Promise<boolean>;
  close(): Promise<void>;
}

export function memoryPurgeStore(now: () => number = Date.now): PurgeStore {
  const rows = new Map<string, PendingPurge & { dueAt: number }>();
  let next = 0;
  return {
    async add(purges) {
      for (const { target, tags } of purges) {
        next += 1;
        rows.set(String(next), { id: String(next), target, tags, attempts: 0, dueAt: now() });
      }
    },
    async claimDue(targets, limit, leaseMs) {
      const due = [...rows.values()].filter((row) => row.dueAt <= now() && targets.includes(row.target)).slice(0, limit);
      for (const row of due) row.dueAt = now() + leaseMs;
      return due.map(({ id, target, tags, attempts }) => ({ id, target, tags, attempts }));
    },
    async done(id) {
      rows.delete(id);
    },
    async retryLater(id, delayMs) {
      const row = rows.get(id);
      if (row !== undefined) rows.set(id, { ...row, attempts: row.attempts + 1, dueAt: now() + delayMs });
    },
    pending: async () => rows.size,
    // One process without a database: nothing else rendered for an older build it could know of (its in-process caches start empty).
    claimBuild: async () => false,
    close: async () => undefined,
  };
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS cache_purges (
  id bigserial PRIMARY KEY,
  target text NOT NULL,
  tags text[] NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  due_at timestamptz NOT NULL DEFAULT now(),
  last_error text
);
CREATE TABLE IF NOT EXISTS site_builds (
  build_id text PRIMARY KEY,
  first_served_at timestamptz NOT NULL DEFAULT now()
);`;

/** Failed purges and the builds seen, in the instances' shared PostgreSQL (decision 012). */
export function postgresPurgeStore(connectionString: string): PurgeStore {
  // Two connections: a purge is rare; idle ones close so the pool never holds a process open.
  const db = openPostgres(connectionString, {
    onIdleConnectionLost: () => undefined,
    pool: { max: 2, idleTimeoutMillis: 10_000, allowExitOnIdle: true },
  });
  let schema: Promise<unknown> | undefined;
  const ready = async () => {
    // Concurrent instances may both create: PostgreSQL's catalog races on IF NOT EXISTS, so serialized by a lock.
    schema ??= db
      .transaction(async (tx) => {
        await tx.all("SELECT pg_advisory_xact_lock(hashtext('cache_purges schema'))");
        await tx.exec(SCHEMA);
      })
      .catch((error: unknown) => {
        schema = undefined;
        throw error;
      });
    await schema;
  };
  const all = async <Row>(sql: string, params: SqlValue[] = []) => {
    await ready();
    return db.all<Row>(sql, params);
  };
  return {
    async add(purges) {
      for (const { target, tags } of purges) await all('INSERT INTO cache_purges (target, tags) VALUES ($1, $2)', [target, tags]);
    },
    async claimDue(targets, limit, leaseMs) {
      const rows = await all<PendingPurge>(
        `UPDATE cache_purges SET due_at = now() + $2 * interval '1 millisecond'
         WHERE id IN (SELECT id FROM cache_purges WHERE due_at <= now() AND target = ANY($3) ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING id, target, tags, attempts`,
        [limit, leaseMs, targets],
      );
      return rows.map((row) => ({ ...row, id: String(row.id) }));
    },
    async done(id) {
      await all('DELETE FROM cache_purges WHERE id = $1', [id]);
    },
    async retryLater(id, delayMs, error) {
      await all(
        `UPDATE cache_purges SET attempts = attempts + 1, due_at = now() + $2 * interval '1 millisecond', last_error = $3 WHERE id = $1`,
        [id, delayMs, error.slice(0, 500)],
      );
    },
    pending: async () => Number((await all<{ n: number }>('SELECT count(*) AS n FROM cache_purges'))[0]?.n ?? 0),
    async claimBuild(buildId, targets, tagsOf) {
      await ready();
      return db.transaction(async (tx) => {
        const inserted = await tx.run('INSERT INTO site_builds (build_id) VALUES ($1) ON CONFLICT DO NOTHING', [buildId]);
        if (inserted === 0) return false;
        // The older builds are forgotten once purged: a roll-back to one of them is a new build again.
        const older = await tx.all<{ build_id: string }>('DELETE FROM site_builds WHERE build_id <> $1 RETURNING build_id', [buildId]);
        const tags = tagsOf(older.map((row) => row.build_id));
        if (tags.length > 0 && targets.length > 0) {
          await tx.run('INSERT INTO cache_purges (target, tags) SELECT unnest($1::text[]), $2::text[]', [targets, tags]);
        }
        return true;
      });
    },
    close: () => db.close(),
  };
}
