import { expect, test } from 'vitest';
import { pageType } from '../support/pageTypes.ts';
import { logLines, waitFor } from '../support/serverLog.ts';
import { startServer } from '../support/startServer.ts';
import { statusOf } from './http.ts';

// Under WEB_CONCURRENCY=2 a worker that dies (here SIGKILL: no shutdown, no
// goodbye) costs nothing but its own in-flight requests; the primary replaces it.

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('with WEB_CONCURRENCY=2 a worker killed with SIGKILL is replaced and requests keep succeeding', async () => {
  const site = await startServer({ WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' });
  try {
    const workerPids = () =>
      logLines(site.output())
        .filter((line) => String(line.msg).startsWith('listening'))
        .map((line) => Number(line.pid));
    const first = await waitFor('two listening workers', () => (workerPids().length >= 2 ? workerPids() : undefined));
    const [victim, survivor] = first as [number, number];
    const pages = [pageType('home').path, pageType('an article').path].map((path) => `${site.url}${path}`);
    const round = () => Promise.all(pages.map(statusOf));

    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push(...(await round()));

    process.kill(victim, 'SIGKILL');
    await waitFor('the primary to see the worker die', () =>
      logLines(site.output()).find((line) => line.workerPid === victim && line.signal === 'SIGKILL'),
    );
    // While the replacement boots, the survivor serves everything.
    for (let i = 0; i < 5; i += 1) statuses.push(...(await round()));
    const replacement = await waitFor('a replacement worker', () => workerPids().find((pid) => !first.includes(pid)));
    for (let i = 0; i < 5; i += 1) statuses.push(...(await round()));

    expect(statuses).toEqual(statuses.map(() => 200));
    expect(isAlive(victim)).toBe(false);
    expect(isAlive(survivor)).toBe(true);
    expect(isAlive(replacement)).toBe(true);
  } finally {
    await site.stop();
  }
}, 120_000);
