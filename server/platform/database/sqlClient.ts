// The little SQL the leads store and purge queue need, over SQLite (`node:sqlite`) and PostgreSQL (`pg`), written once
// with `$1` placeholders, which the SQLite client rewrites.
export type Dialect = 'sqlite' | 'postgres';
/** A list binds as a PostgreSQL array (`text[]`): PostgreSQL only. */
export type SqlValue = string | number | null | Uint8Array | readonly string[];

export interface SqlClient {
  readonly dialect: Dialect;
  all<Row = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** Runs a statement; resolves with the number of changed rows. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** All or nothing; `fn` must use the client it is given, not this one. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `$1, $2…` → `?1, ?2…` (SQLite's numbered parameters take the same positional values). */
export function toSqlitePlaceholders(sql: string): string {
  return sql.replace(/\$(\d+)/g, '?$1');
}

/** `($1, $2, $3)` for a list bound after `offset` other parameters. */
export function placeholders(count: number, offset = 0): string {
  return Array.from({ length: count }, (_, index) => `$${index + offset + 1}`).join(', ');
}
