import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { toSqlitePlaceholders, type SqlClient, type SqlValue } from './sqlClient.ts';

/**
 * SQLite through `node:sqlite`, durability first (decision 008): WAL with `synchronous=FULL`. Calls are queued so a
 * transaction never interleaves with another request's statements; workers share the file under `BEGIN IMMEDIATE`.
 */
export function openSqlite(file: string): SqlClient {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // busy_timeout first: another worker opening the same file at the same moment may hold a lock.
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;');

  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(task: () => Promise<T> | T): Promise<T> => {
    const result = queue.then(task);
    queue = result.catch(() => undefined);
    return result;
  };

  const direct = (): SqlClient => ({
    dialect: 'sqlite',
    async all<Row>(sql: string, params: readonly SqlValue[] = []) {
      return db.prepare(toSqlitePlaceholders(sql)).all(...(params as SQLInputValue[])) as Row[];
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      return Number(db.prepare(toSqlitePlaceholders(sql)).run(...(params as SQLInputValue[])).changes);
    },
    async exec(sql: string) {
      db.exec(sql);
    },
    transaction: () => Promise.reject(new Error('nested transactions are not supported')),
    close: () => Promise.reject(new Error('close the outer client')),
  });

  const inner = direct();
  let closed = false;
  return {
    dialect: 'sqlite',
    all: (sql, params) => enqueue(() => inner.all(sql, params)),
    run: (sql, params) => enqueue(() => inner.run(sql, params)),
    exec: (sql) => enqueue(() => inner.exec(sql)),
    transaction: (fn) =>
      enqueue(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(inner);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.isTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }),
    close: () =>
      enqueue(() => {
        if (!closed) db.close();
        closed = true;
      }),
  };
}
