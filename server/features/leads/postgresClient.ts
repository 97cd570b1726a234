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

/**
 * PostgreSQL through a `pg` pool (production, DATABASE_URL). `onIdleConnectionLost` hears of a
 * pooled connection that died while idle (the server stopped or restarted): the pool drops it,
 * the next statement opens a new one (server/features/leads/storeAvailability.ts tracks the outage).
 */
export function openPostgres(connectionString: string, onIdleConnectionLost: (error: Error) => void): SqlClient {
  const pool = new pg.Pool({ connectionString, max: 5, types, connectionTimeoutMillis: 10_000 });
  // Without a listener the pool's 'error' event would crash the process.
  pool.on('error', onIdleConnectionLost);

  const over = (client: pg.Pool | pg.PoolClient): Omit<SqlClient, 'transaction' | 'close'> => ({
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
  });

  return {
    ...over(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: SqlClient = {
          ...over(client),
          transaction: () => Promise.reject(new Error('nested transactions are not supported')),
          close: () => Promise.reject(new Error('close the outer client')),
        };
        const result = await fn(tx);
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
      await pool.end();
    },
  };
}
