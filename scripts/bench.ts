/**
 * `npm run bench` (method: docs/performance.md, "Throughput"): the production server with the page
 * cache off ("uncached") and on ("cached") on home, a service page, an article and the 404, with and
 * without `Accept-Encoding: br, gzip`, driven by Debian's wrk (scripts/bench/wrk.ts), alternating
 * with two bare `node:http` servers answering the same body from memory (scripts/bench/baseline.ts):
 * "bare", two headers, the runtime's limit the targets are ratios of, and "exact", every header the
 * site sent. Then, page cache on, the scenarios of scripts/bench/scenarios.ts (decision 018), the
 * uncached render against React's own (scripts/bench/uncachedRender.ts) and, where `varnishd` is
 * installed, the site behind docs/varnish/site.vcl (scripts/bench/varnishScenario.ts, decision 027).
 * Last, tracing on against off (scripts/bench/tracing.ts, decisions 028, 037). Load goes only to
 * 127.0.0.1; every run is bounded in time.
 *
 * Environment: BENCH_DURATION seconds per run (default 5), BENCH_ROUNDS alternating
 * site/baseline runs per row whose medians are compared, and calm/storm pairs of the revalidation
 * storm (default 3), BENCH_CONNECTIONS (default 50), BENCH_PATHS comma-separated paths (default:
 * the four page types below), BENCH_MODES comma-separated modes (default `uncached,cached`),
 * BENCH_ROWS=0 skips the throughput rows, BENCH_SCENARIOS=0 skips the scenarios and the render
 * comparison (`renders`: the comparison alone), BENCH_SKIP_BUILD=1 measures the build already in
 * dist/, BENCH_RENDERS renders per path in the comparison (default 200); the tracing part's renders
 * at BENCH_TRACING_RENDER_CONNECTIONS (default 8), hits at BENCH_CONNECTIONS; BENCH_TRACING=0 skips
 * it, BENCH_TRACING_CONTROL=1 starts both servers untraced (the method's own spread).
 */
import { fork } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { middleRun } from './median.ts';
import { buildUnlessSkipped, machine, markdownTable } from './report.ts';
import { startServer, type RunningServer } from '../tests/support/startServer.ts';
import { wrk, type Figures } from './bench/wrk.ts';
import { BENCH_SECRETS, cacheKeyFlood, revalidationStorm, sitemapPaths, waitForWarmCache, type ScenarioSite } from './bench/scenarios.ts';
import { compareUncachedRenders } from './bench/uncachedRender.ts';
import { varnishScenario } from './bench/varnishScenario.ts';
import { hasVarnish } from '../tests/varnish/varnishd.ts';
import { compareTracing } from './bench/tracing.ts';
import { REFRESH_COALESCE_MS } from '../server/features/pages/pageCache/pageCache.ts';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const paths = (
  process.env.BENCH_PATHS ?? '/,/services/razrabotka/razrabotka-saytov/,/material/blog/core-web-vitals-kak-uskorit-sayt/,/no-such-page/'
).split(',');
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/**
 * Connections for the tracing part's uncached renders: enough to keep the server's one thread
 * busy, few enough that none waits past wrk's timeout. At 50 on two cores, a render of 6–9 ms
 * leaves some connections unserved for seconds (wrk counts ~9 timeouts a round even against a
 * bare node:http server spending 9 ms a request), so a round's rate is that of the connections
 * served (docs/performance.md, "Tracing with hits untraced").
 */
const tracingRenderConnections = Number(process.env.BENCH_TRACING_RENDER_CONNECTIONS ?? 8);
const modes = (process.env.BENCH_MODES ?? 'uncached,cached')
  .split(',')
  .filter((mode): mode is 'uncached' | 'cached' => mode === 'uncached' || mode === 'cached');
const ENCODINGS = { identity: {}, 'br, gzip': { 'accept-encoding': 'br, gzip' } } as const;

/** Headers node:http writes on its own for every response. */
const NODE_WRITES = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
/** The two headers of the "bare" baseline: what a client needs to read the body. */
const BARE_HEADERS = ['content-type', 'content-encoding'];

interface Captured {
  status: number;
  body: Buffer;
  headers: Record<string, string>;
}

function measure(url: string, headers: Record<string, string>, expectedStatus: number): Promise<Figures> {
  return wrk(url, { connections, durationSeconds: duration, headers, expectedStatus });
}

/** The run with the median request rate (its latencies with it); failures summed over all runs. */
function median(runs: readonly Figures[]): Figures {
  return { ...middleRun(runs, (run) => run.rps), failures: runs.reduce((sum, run) => sum + run.failures, 0) };
}

/** The exact bytes (already compressed when asked for) and headers the site answered. */
async function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          // Every header but those Node writes itself, for the "exact" baseline.
          headers: Object.fromEntries(
            Object.entries(response.headers).flatMap(([name, value]) =>
              typeof value === 'string' && !NODE_WRITES.has(name) ? [[name, value]] : [],
            ),
          ),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** Serves captured responses from memory with no work at all, in a process of its own: the runtime's ceiling. */
async function startBaseline(responses: Map<string, Captured>) {
  const child = fork(path.join(import.meta.dirname, 'bench', 'baseline.ts'), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (reply: { port: number }) => resolve(reply.port));
    child.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)));
    child.send(responses);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

async function run(mode: 'uncached' | 'cached', site: RunningServer, rows: string[]) {
  for (const pagePath of paths) {
    for (const [encoding, headers] of Object.entries(ENCODINGS)) {
      const url = `${site.url}${pagePath}`;
      const captured = await capture(url, headers);
      await measure(url, headers, captured.status); // warm-up (JIT, content and page caches), not reported
      const key = `${encoding} ${pagePath}`;
      const bareHeaders = Object.fromEntries(Object.entries(captured.headers).filter(([name]) => BARE_HEADERS.includes(name)));
      const exact = await startBaseline(new Map([[key, captured]]));
      const bare = await startBaseline(new Map([[key, { ...captured, headers: bareHeaders }]]));
      // Site and baselines alternate, ROUNDS times each, and the ratios are of their medians: the
      // loopback throughput of this shared VM drifts within a minute, and one site run followed
      // by one baseline run compared two different machines.
      const siteRuns: Figures[] = [];
      const bareRuns: Figures[] = [];
      const exactRuns: Figures[] = [];
      for (let round = 0; round < rounds; round += 1) {
        siteRuns.push(await measure(url, headers, captured.status));
        bareRuns.push(await measure(`${bare.url}${pagePath}`, headers, captured.status));
        exactRuns.push(await measure(`${exact.url}${pagePath}`, headers, captured.status));
      }
      await Promise.all([bare.close(), exact.close()]);
      const server = median(siteRuns);
      const bareMedian = median(bareRuns);
      const exactMedian = median(exactRuns);
      rows.push(
        `${pagePath} | ${mode} | ${encoding} | ${captured.status} | ${(captured.body.length / 1024).toFixed(1)} KB | ${server.rps.toFixed(0)} | ${server.p50.toFixed(2)} / ${server.p99.toFixed(2)} | ${bareMedian.rps.toFixed(0)} | **${(server.rps / bareMedian.rps).toFixed(3)}** | ${exactMedian.rps.toFixed(0)} | ${(server.rps / exactMedian.rps).toFixed(3)} | ${server.failures}`,
      );
    }
  }
}

buildUnlessSkipped('BENCH_SKIP_BUILD');
const rows: string[] = [];
for (const mode of process.env.BENCH_ROWS === '0' ? [] : modes) {
  const site = await startServer({ LOG_LEVEL: 'silent', PAGE_CACHE_MAX_MB: mode === 'cached' ? '64' : '0', PAGE_CACHE_WARM_UP: '1' });
  try {
    // The warm-up after the start renders every page: measured only once it is over.
    await waitForWarmCache(site.url);
    await run(mode, site, rows);
  } finally {
    await site.stop();
  }
}

const scenarioLines: string[] = [];
if (process.env.BENCH_SCENARIOS !== '0' && process.env.BENCH_SCENARIOS !== 'renders') {
  const server = await startServer({
    LOG_LEVEL: 'silent',
    PAGE_CACHE_MAX_MB: '64',
    PAGE_CACHE_WARM_UP: '1',
    REVALIDATE_SECRET: BENCH_SECRETS.revalidateSecret,
    METRICS_TOKEN: BENCH_SECRETS.metricsToken,
  });
  try {
    const site: ScenarioSite = { url: server.url, ...BENCH_SECRETS };
    await waitForWarmCache(site.url);
    const sitemap = await sitemapPaths(site.url);
    let hits = 0;
    for (const sitemapPath of sitemap) {
      const response = await fetch(`${site.url}${sitemapPath}`, { redirect: 'manual' });
      if (response.headers.get('x-cache') === 'HIT') hits += 1;
      await response.arrayBuffer();
    }
    scenarioLines.push(`First request after the start: ${hits} of ${sitemap.length} sitemap URLs answered X-Cache: HIT`);
    const mix = sitemap.slice(0, 40);
    const storm = await revalidationStorm(site, mix, {
      connections,
      durationSeconds: Math.max(duration, 10),
      coalesceMs: REFRESH_COALESCE_MS,
      rounds,
    });
    const pairs = storm.rounds.map(
      ({ calm, storm: stormed }) =>
        `calm ${calm.rps.toFixed(0)} req/s p99 ${calm.p99.toFixed(2)} ms, storm ${stormed.rps.toFixed(0)} req/s p99 ${stormed.p99.toFixed(2)} ms (${(stormed.p99 / calm.p99).toFixed(2)}×)`,
    );
    const stormErrors = storm.rounds.reduce((sum, round) => sum + round.storm.failures, 0);
    scenarioLines.push(
      `Revalidation storm ({"all":true} every second, ${storm.revalidations} posted; wrk on a mix of ${mix.length} pages, ${storm.rounds.length} rounds of ${Math.max(duration, 10)} s calm then ${Math.max(duration, 10)} s storm): ` +
        `${pairs.join('; ')}; median storm/calm p99 **${storm.medianRatio.toFixed(2)}×**, errors ${stormErrors}; renders ${storm.renders} (at most one per page per ${REFRESH_COALESCE_MS / 1000} s window: ${storm.rendersAllowed})`,
    );
    const flood = await cacheKeyFlood(site, mix, { connections, durationSeconds: duration });
    scenarioLines.push(
      `Cache-key flood (random case, dot segments, junk page and serviceType values; ${duration} s): ${flood.flood.rps.toFixed(0)} req/s, p99 ${flood.flood.p99.toFixed(2)} ms, ` +
        `socket errors ${flood.flood.failures}; renders ${flood.renders}; page cache ${(flood.cacheBytesBefore / 1024).toFixed(0)} KB before, ${(flood.cacheBytesAfter / 1024).toFixed(0)} KB after`,
    );
  } finally {
    await server.stop();
  }
  if (hasVarnish) {
    const varnish = await varnishScenario({ durationSeconds: Math.max(duration, 10) });
    const share = 1 - varnish.backendRequests / varnish.clientRequests;
    scenarioLines.push(
      `Varnish, 200 connections on /blog/ while its tag is purged ${varnish.purges} times: ${varnish.purgeLoad.rps.toFixed(0)} req/s, p99 ${varnish.purgeLoad.p99.toFixed(2)} ms, errors ${varnish.purgeLoad.failures}; instance renders **${varnish.rendersDuringPurges}** (${(varnish.rendersDuringPurges / varnish.purges).toFixed(2)} per purge)`,
      `Varnish, crawl of the sitemap then a mix over it: ${varnish.mixLoad.rps.toFixed(0)} req/s, p99 ${varnish.mixLoad.p99.toFixed(2)} ms; ${varnish.clientRequests} requests, ${varnish.backendRequests} fetched from the instance: **${(share * 100).toFixed(2)} %** answered by Varnish`,
    );
  }
}
if (process.env.BENCH_SCENARIOS !== '0') {
  const renders = await compareUncachedRenders(paths.filter((candidate) => candidate !== '/no-such-page/'));
  scenarioLines.push(
    '',
    markdownTable(
      'page | status | uncached request (ms, median) | React renderToPipeableStream (ms, median) | ratio',
      renders.map(
        (row) => `${row.path} | ${row.status} | ${row.siteMs.toFixed(2)} | ${row.reactMs.toFixed(2)} | **${row.ratio.toFixed(2)}**`,
      ),
    ),
  );
}

const tracingLines: string[] = [];
if (process.env.BENCH_TRACING !== '0') {
  const tracingRows = await compareTracing({
    paths: paths.filter((candidate) => candidate !== '/no-such-page/'),
    modes,
    rounds,
    connections: { cached: connections, uncached: tracingRenderConnections },
    durationSeconds: duration,
    control: process.env.BENCH_TRACING_CONTROL === '1',
  });
  // Decision 037: a hit is not traced, a render is; each against its own target.
  const TRACING_TARGETS = { cached: { label: 'hits', ratio: 0.95 }, uncached: { label: 'renders', ratio: 0.9 } } as const;
  tracingLines.push(
    '',
    process.env.BENCH_TRACING_CONTROL === '1'
      ? 'Control: both servers untraced, as the tracing rows measure them (every ratio is 1.0 but for the method’s own spread):'
      : "Tracing at full sampling against none (targets: hits ≥ 0.95, renders ≥ 0.90 of the untraced req/s; ratio: the median of the rounds' traced/untraced, each round two back-to-back runs; req/s: the median runs):",
    '',
    markdownTable(
      'page | answered by | connections | untraced req/s | traced req/s | ratio | rounds’ ratios | target | untraced p99 ms | traced p99 ms | failed or timed out (untraced / traced) | CPU ms per request untraced / traced (ratio) | OTLP KB exported',
      tracingRows.map((row) => {
        const { ratio } = row;
        const target = TRACING_TARGETS[row.mode];
        return `${row.path} | ${target.label} | ${row.connections} | ${row.untraced.rps.toFixed(0)} | ${row.traced.rps.toFixed(0)} | **${ratio.toFixed(3)}** | ${row.roundRatios.map((round) => round.toFixed(2)).join(' ')} | ≥ ${target.ratio.toFixed(2)} ${ratio >= target.ratio ? 'met' : '**not met**'} | ${row.untraced.p99.toFixed(2)} | ${row.traced.p99.toFixed(2)} | ${row.failures.untraced} / ${row.failures.traced} | ${row.cpuMsPerRequest.untraced.toFixed(3)} / ${row.cpuMsPerRequest.traced.toFixed(3)} (${row.cpuRatio.toFixed(3)}) | ${(row.exportedBytes / 1024).toFixed(0)}`;
      }),
    ),
  );
}

console.log(`\n${machine(1)}`);
console.log(
  `wrk: 1 thread, ${connections} connections, ${duration} s per run, ${rounds} alternating site/baseline runs per row (medians); baselines = node:http in a process of its own serving the same body from memory, with two headers (bare) or the site's every header (exact)\n`,
);
console.log(
  markdownTable(
    'page | mode | Accept-Encoding | status | body | site req/s | site p50 / p99 ms | bare req/s | ratio to bare | exact req/s | ratio to exact | errors',
    rows,
  ),
);
if (scenarioLines.length > 0) console.log(['', ...scenarioLines].join('\n'));
if (tracingLines.length > 0) console.log(tracingLines.join('\n'));
