import type { SqlClient } from '../../server/platform/database/sqlClient.ts';

/** What `pg` rejects a statement with when nothing listens at the database's address. */
export const connectionRefused = (): Error =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' });

/**
 * A client over `db` whose database can be made unreachable and back: while `down()`, every
 * statement fails the way `pg` fails when the server is stopped. For tests of the paths an
 * outage takes in-process; tests/faults/leadStoreOutage.test.ts stops a real PostgreSQL.
 */
export function unreachableDatabase(db: SqlClient): SqlClient & { down(): void; up(): void } {
  let reachable = true;
  const guard = <T>(statement: () => Promise<T>): Promise<T> => (reachable ? statement() : Promise.reject(connectionRefused()));
  return {
    dialect: db.dialect,
    all: (sql, params) => guard(() => db.all(sql, params)),
    run: (sql, params) => guard(() => db.run(sql, params)),
    exec: (sql) => guard(() => db.exec(sql)),
    transaction: (fn) => guard(() => db.transaction(fn)),
    close: () => db.close(),
    down: () => void (reachable = false),
    up: () => void (reachable = true),
  };
}
