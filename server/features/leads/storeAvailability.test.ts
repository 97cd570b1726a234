import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'prom-client';
import { afterEach, expect, test } from 'vitest';
import { captureLogs } from '../../../tests/support/captureLogs.ts';
import { connectionRefused, unreachableDatabase } from '../../../tests/support/unreachableDatabase.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { openSqlite } from '../../platform/database/sqlite.ts';
import { isConnectionFailure, StoreAvailability, StoreUnavailableError, watchAvailability } from './storeAvailability.ts';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

async function watched() {
  const dir = await mkdtemp(path.join(tmpdir(), 'leads-availability-'));
  dirs.push(dir);
  const database = unreachableDatabase(openSqlite(path.join(dir, 'leads.sqlite')));
  const { logs, stream } = captureLogs();
  let now = 1_000;
  const availability = new StoreAvailability(createLogger('info', stream), () => now);
  const db = watchAvailability(database, availability);
  return { database, db, availability, logs, advance: (ms: number) => void (now += ms) };
}

const gauge = async () => (await register.getSingleMetric('leads_store_unavailable')!.get()).values[0]?.value;

test('a refused, reset or timed-out connection and a server shutting down are connection failures; a wrong statement is not', () => {
  expect(isConnectionFailure(connectionRefused())).toBe(true);
  expect(isConnectionFailure(pgError('ECONNRESET', 'read ECONNRESET'))).toBe(true);
  expect(isConnectionFailure(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
  expect(isConnectionFailure(pgError('08006', 'connection failure'))).toBe(true);
  expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isConnectionFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
  expect(isConnectionFailure(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
  expect(isConnectionFailure(pgError('42601', 'syntax error at or near "SELEC"'))).toBe(false);
  expect(isConnectionFailure('ECONNREFUSED')).toBe(false);
});

test('an outage is one error line when it starts and one info line when it ends, however many statements fail between', async () => {
  const { database, db, availability, logs, advance } = await watched();
  await db.exec('CREATE TABLE t (x INTEGER)');
  database.down();
  for (let i = 0; i < 5; i += 1) {
    const failure = await db.all('SELECT x FROM t').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect((failure as StoreUnavailableError).cause).toMatchObject({ code: 'ECONNREFUSED' });
  }
  await expect(db.transaction((tx) => tx.run('INSERT INTO t (x) VALUES (1)'))).rejects.toBeInstanceOf(StoreUnavailableError);
  expect(availability.available).toBe(false);
  expect(await gauge()).toBe(1);
  advance(15_000);
  database.up();
  expect(await db.run('INSERT INTO t (x) VALUES (1)')).toBe(1);
  expect(availability.available).toBe(true);
  expect(await gauge()).toBe(0);

  expect(logs.lines.map((line) => [line.level, line.msg])).toEqual([
    [50, 'leads database unreachable: forms answer 503 until it is back'],
    [30, 'leads database reachable again'],
  ]);
  expect(logs.lines[0]).toMatchObject({ err: { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' } });
  expect(logs.lines[1]).toMatchObject({ downMs: 15_000, failedStatements: 6 });
});

test('a statement the database refuses is its own error and no outage', async () => {
  const { db, availability, logs } = await watched();
  const failure = await db.all('SELEC 1').catch((error: unknown) => error);
  expect(failure).not.toBeInstanceOf(StoreUnavailableError);
  expect(availability.available).toBe(true);
  expect(logs.lines).toEqual([]);
});

test('an idle connection lost while the server stops starts the outage without any statement', async () => {
  const { db, availability, logs } = await watched();
  availability.lost(pgError('57P01', 'terminating connection due to administrator command'));
  availability.lost(pgError('57P01', 'terminating connection due to administrator command'));
  expect(logs.lines).toHaveLength(1);
  await db.all('SELECT 1 AS one');
  expect(availability.available).toBe(true);
  expect(logs.lines.map((line) => line.msg)).toEqual([
    'leads database unreachable: forms answer 503 until it is back',
    'leads database reachable again',
  ]);
});
