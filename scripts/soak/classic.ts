/**
 * The classic soak of `npm run soak` (scripts/soak.ts): a long run over every page type, then the
 * content service and a worker killed under load.
 */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadSeed } from '../../server/platform/content/service/loadSeed.ts';
import type { ProcessSample } from '../../server/platform/monitoring/processMetrics.ts';
import { href } from '../../shared/routes/links.ts';
import { startContentApiProcess } from '../../tests/support/contentApiProcess.ts';
import { pageTypes } from '../../tests/support/pageTypes.ts';
import { isAlive } from '../../tests/support/processes.ts';
import { waitFor } from '../../tests/support/serverLog.ts';
import { startServer, type RunningServer } from '../../tests/support/startServer.ts';
import { runLoad, type LoadEvent } from './load.ts';
import { serverEvents } from './processSamples.ts';
import { endWithVerdict, machine, markdownTable, mib, positiveInteger, RSS_GROWTH_TARGET, writeTestResult } from '../report.ts';

const TOTAL = positiveInteger('SOAK_REQUESTS', 100_000);
const WARMUP = positiveInteger('SOAK_WARMUP', 20_000);
const CONNECTIONS = positiveInteger('SOAK_CONNECTIONS', 32);
const MAX_SECONDS = positiveInteger('SOAK_MAX_SECONDS', 900);
const FAULT_SECONDS = positiveInteger('SOAK_FAULT_SECONDS', 12);
const SLICES = 10;
const RESET_GRACE_MS = 500;

// However the soak ends (done, failed, Ctrl-C), no server it started is left running.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
async function started<T extends { child: ChildProcess }>(thing: Promise<T>): Promise<T> {
  children.add((await thing).child);
  return thing;
}

const seed = loadSeed();
const pages = pageTypes(seed);
const allPaths = pages.map((page) => page.path);
const renderedPaths = pages.filter((page) => page.status === 200).map((page) => page.path);
const misses: string[] = [];

const tally = (events: readonly LoadEvent[]) => {
  const ok = events.filter((event) => event.status === 200).length;
  return { total: events.length, ok, failed: events.length - ok };
};
const fmt = ({ total, ok, failed }: ReturnType<typeof tally>) => `${total} responses, ${ok} × 200, ${failed} failed`;
const load = (site: RunningServer, paths: readonly string[], run: { amount?: number; seconds: number; signal?: AbortSignal }) =>
  runLoad({ url: site.url, paths, connections: CONNECTIONS, ...run });

/** Phase 1: TOTAL requests in SLICES after WARMUP, the worker sampled after each slice. */
async function soak() {
  console.log(`Soak: ${WARMUP} warm-up + ${TOTAL} requests over ${allPaths.length} page types, ${CONNECTIONS} connections`);
  const site = await started(startServer({ LOG_LEVEL: 'info', PAGE_CACHE_WARM_UP: '1' }));
  const events = serverEvents(site);
  const pid = events.listeningPids()[0];
  if (pid === undefined) throw new Error('the server logged no "listening" line');
  const startedAt = Date.now();
  const secondsLeft = () => Math.max(1, MAX_SECONDS - (Date.now() - startedAt) / 1000);
  let { cutShort } = await load(site, allPaths, { amount: WARMUP, seconds: secondsLeft() });
  const checkpoints: { requests: number; sample: ProcessSample }[] = [{ requests: 0, sample: await events.sample(pid) }];
  const statuses: Record<string, number> = {};
  let [sent, errors] = [0, 0];
  for (let slice = 0; slice < SLICES && !cutShort; slice += 1) {
    const result = await load(site, allPaths, { amount: Math.ceil(TOTAL / SLICES), seconds: secondsLeft() });
    sent += result.sent;
    errors += result.errors;
    cutShort = result.cutShort;
    for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
    checkpoints.push({ requests: sent, sample: await events.sample(pid) });
    process.stdout.write(`  ${sent} requests, RSS ${mib(checkpoints.at(-1)?.sample.rssBytes ?? 0)} MiB\n`);
  }
  const seconds = (Date.now() - startedAt) / 1000;
  await site.stop();
  const [first, last] = [checkpoints[0]!.sample, checkpoints.at(-1)!.sample];
  const rssGrowth = (last.rssBytes - first.rssBytes) / first.rssBytes;
  // Every page type answers 200, the 404 page 404; anything else (timeouts, resets, 5xx) failed.
  const unexpected = Object.entries(statuses).reduce((sum, [status, count]) => (['200', '404'].includes(status) ? sum : sum + count), 0);
  if (cutShort) misses.push(`soak stopped by the time bound after ${sent} of ${TOTAL} requests`);
  if (rssGrowth > RSS_GROWTH_TARGET) misses.push(`RSS grew ${(rssGrowth * 100).toFixed(1)} % > ${RSS_GROWTH_TARGET * 100} %`);
  if (unexpected > 0) misses.push(`soak: ${unexpected} requests failed (${JSON.stringify(statuses)})`);
  const rps = Math.round(sent / seconds);
  return {
    requests: sent,
    warmup: WARMUP,
    connections: CONNECTIONS,
    seconds: Math.round(seconds),
    rps,
    statuses,
    errors,
    rssGrowth,
    checkpoints,
  };
}

/** Phase 2: every page rendered once, then the content service killed halfway through a load run. */
async function contentOutage() {
  console.log(`\nContent outage: CONTENT_API_URL at a separate content service, killed halfway through ${FAULT_SECONDS} s of load`);
  const api = await started(startContentApiProcess());
  const site = await started(startServer({ CONTENT_API_URL: api.url, LOG_LEVEL: 'warn', PAGE_CACHE_WARM_UP: '1' }));
  const statusOf = async (pagePath: string) => (await fetch(`${site.url}${pagePath}`, { redirect: 'manual' })).status;
  const neverRendered = seed.articles
    .filter((article) => !article.draft)
    .map((article) => href('article', { slug: article.slug }))
    .find((pagePath) => !renderedPaths.includes(pagePath));
  try {
    for (const pagePath of renderedPaths) {
      const status = await statusOf(pagePath);
      if (status !== 200) throw new Error(`${pagePath} answered ${status} with the content service up`);
    }
    const running = load(site, renderedPaths, { seconds: FAULT_SECONDS });
    await sleep((FAULT_SECONDS * 1000) / 2);
    const killedAt = Date.now();
    await api.kill('SIGKILL');
    const { events } = await running;
    const outage = {
      before: tally(events.filter((event) => event.sentAt < killedAt)),
      after: tally(events.filter((event) => event.sentAt >= killedAt)),
      neverRendered: neverRendered === undefined ? undefined : { path: neverRendered, status: await statusOf(neverRendered) },
    };
    if (outage.after.ok === 0 || outage.after.failed > 0)
      misses.push(`content outage: ${outage.after.failed} failures of ${outage.after.total} after the kill`);
    return outage;
  } finally {
    await site.stop();
    await api.kill();
  }
}

/** Phase 3: WEB_CONCURRENCY=2 under load, one worker killed with SIGKILL. */
async function workerCrash() {
  console.log(
    `\nWorker crash: WEB_CONCURRENCY=2 under load, one worker killed with SIGKILL after ${FAULT_SECONDS / 3} s; load goes on ${FAULT_SECONDS / 3} s past its replacement`,
  );
  const site = await started(startServer({ WEB_CONCURRENCY: '2', LOG_LEVEL: 'info', PAGE_CACHE_WARM_UP: '1' }));
  const events = serverEvents(site);
  try {
    const workers = await waitFor('two workers', () => (events.listeningPids().length >= 2 ? events.listeningPids() : undefined));
    const victim = workers[0]!;
    const end = new AbortController();
    // Bounded, but long enough for a replacement to boot on a busy machine; ended below.
    const running = load(site, renderedPaths, { seconds: FAULT_SECONDS + 120, signal: end.signal });
    await sleep((FAULT_SECONDS * 1000) / 3);
    const killedAt = Date.now();
    process.kill(victim, 'SIGKILL');
    const died = await waitFor('the primary to see the worker die', () => events.deathOf(victim));
    const replacement = await waitFor('a replacement worker', () => events.newWorker(workers), 120_000);
    await sleep((FAULT_SECONDS * 1000) / 3);
    end.abort();
    return judgeCrash({ victim, replacement, killedAt, noticedAt: Number(died.time), events: (await running).events });
  } finally {
    await site.stop();
  }
}

/**
 * Judged by when each request was sent: the ones sent before the primary saw the death may have
 * been handed to the dead worker; none sent after may fail. A connection reset has no send time,
 * only the time the load generator saw it, which on a busy machine lags the kill: resets seen
 * within RESET_GRACE_MS of the primary noticing are the dead worker's connections and count with
 * the kill (still bounded by the connections in flight).
 */
function judgeCrash(run: {
  victim: number;
  replacement: Record<string, unknown>;
  killedAt: number;
  noticedAt: number;
  events: readonly LoadEvent[];
}) {
  const { victim, killedAt, noticedAt, events } = run;
  const replacedAt = Number(run.replacement.time);
  const resetByKill = (event: LoadEvent) =>
    event.status === 'error' && event.sentAt >= killedAt && event.sentAt < noticedAt + RESET_GRACE_MS;
  const sentBetween = (from: number, to: number) =>
    events.filter((event) => !resetByKill(event) && event.sentAt >= from && event.sentAt < to);
  const crash = {
    victim,
    replacement: Number(run.replacement.pid),
    msToNotice: noticedAt - killedAt,
    msToReplace: replacedAt - killedAt,
    beforeKill: tally(sentBetween(0, killedAt)),
    killToNotice: tally([...sentBetween(killedAt, noticedAt), ...events.filter(resetByKill)]),
    noticeToReplacement: tally(sentBetween(noticedAt, replacedAt)),
    afterReplacement: tally(sentBetween(replacedAt, Number.POSITIVE_INFINITY)),
    victimGone: !isAlive(victim),
    replacementAlive: isAlive(Number(run.replacement.pid)),
  };
  const afterNotice = crash.noticeToReplacement.failed + crash.afterReplacement.failed;
  if (afterNotice > 0) misses.push(`worker crash: ${afterNotice} failures after the primary saw the worker die`);
  const atKill = crash.beforeKill.failed + crash.killToNotice.failed;
  if (atKill > CONNECTIONS)
    misses.push(`worker crash: ${atKill} failures at the kill, more than the ${CONNECTIONS} connections that can be in flight`);
  if (!crash.victimGone || !crash.replacementAlive || crash.afterReplacement.ok === 0)
    misses.push('worker crash: the worker was not replaced');
  return crash;
}

const report = { machine: machine(), soak: await soak(), outage: await contentOutage(), crash: await workerCrash(), misses };
writeTestResult('soak.json', `${JSON.stringify(report, null, 2)}\n`);

const { soak: run, outage, crash } = report;
console.log(`\n${report.machine}`);
console.log(
  `\nSoak: ${run.requests} requests in ${run.seconds} s (${run.rps} req/s incl. sampling), ${CONNECTIONS} connections; statuses ${JSON.stringify(run.statuses)}, connection errors ${run.errors}`,
);
console.log(
  `\n${markdownTable(
    'after requests | RSS MiB | heap MiB | event-loop delay p50 / p99 / max ms (window before)',
    run.checkpoints.map(
      ({ requests, sample: { rssBytes, heapUsedBytes, eventLoopDelayMs: delay } }) =>
        `${requests === 0 ? `0 (after ${WARMUP} warm-up)` : requests} | ${mib(rssBytes)} | ${mib(heapUsedBytes)} | ${delay.p50} / ${delay.p99} / ${delay.max}`,
    ),
  )}`,
);
console.log(`\nRSS growth start → end: ${(run.rssGrowth * 100).toFixed(1)} % (target ≤ ${RSS_GROWTH_TARGET * 100} %)`);
console.log(`\nContent outage: before the kill ${fmt(outage.before)}; after the kill ${fmt(outage.after)}`);
if (outage.neverRendered)
  console.log(
    `  a page never rendered before (${outage.neverRendered.path}) answers ${outage.neverRendered.status} (the service really is gone)`,
  );
console.log(
  `\nWorker crash: killed ${crash.victim}; primary noticed after ${crash.msToNotice} ms, replacement ${crash.replacement} listening after ${crash.msToReplace} ms`,
);
console.log(`  sent before the kill: ${fmt(crash.beforeKill)} (failures = in flight on the killed worker)`);
console.log(
  `  sent between the kill and the primary noticing, and resets seen up to ${RESET_GRACE_MS} ms after: ${fmt(crash.killToNotice)}`,
);
console.log(`  sent while one worker served alone: ${fmt(crash.noticeToReplacement)}`);
console.log(`  sent after the replacement listened: ${fmt(crash.afterReplacement)}`);
console.log(`  killed worker gone: ${crash.victimGone}, replacement alive: ${crash.replacementAlive}`);
endWithVerdict(misses, 'All soak and fault targets met.');
