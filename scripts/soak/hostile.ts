/**
 * `npm run soak -- --hostile`: the site under the open internet's traffic. For SOAK_SECONDS (60)
 * at SOAK_CONNECTIONS (50), half the connections are real page views (every page type, with and
 * without compression) and half hostile: scanner paths, junk query strings, malformed, oversized
 * and `__proto__` bodies, cross-site form posts, unique /_ipx variants (refused ones and allowed
 * ones not yet computed), and uploads aborted mid-body over raw sockets.
 *
 * Before the hostile run, the same real page views run alone for SOAK_BASELINE_SECONDS (20) on the
 * same connections: on a shared, loaded machine the latency a target is judged by is the
 * machine's as much as the site's, and the baseline shows which part the hostile half adds.
 *
 * Then, for SOAK_FLOOD_SECONDS (30), an image cost flood (scripts/soak/imageFlood.ts): one
 * address asks for uncached 3072 px AVIF variants of remote photographs as fast as its
 * connections allow, beside the real page views and other addresses asking for the site's covers.
 * The server runs as in production, pre-generation of the widest variants included.
 *
 * Targets: real page views 0 errors and p99 ≤ 100 ms, in the hostile run and in the flood; worker
 * RSS growth ≤ 10 % from after the warm-up to the end of the hostile run; the worker's open file
 * descriptors back to where they were once the load is over; no 500 of any kind (a 503 of the
 * image budget is its answer under pressure); during the flood at least 9 in 10 of the other
 * addresses' images served (200).
 * Writes test-results/soak-hostile.json; exit code 1 when a target is missed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { loadSeed } from '../../server/content-service/loadSeed.ts';
import { SITE_IMAGE_WIDTHS } from '../../shared/ui/imageVariants.ts';
import { pageTypes } from '../../tests/support/pageTypes.ts';
import { followLog } from '../../tests/support/serverLog.ts';
import { startServer } from '../../tests/support/startServer.ts';
import { imageFloodRun, photoHost } from './imageFlood.ts';
import { requestsFor, runLoad } from './load.ts';
import { machine } from './machine.ts';
import { serverEvents } from './processSamples.ts';
import { endWithVerdict, MiB, mib, writeTestResult } from './report.ts';
import { positiveInteger, RSS_GROWTH_TARGET } from './settings.ts';

const SECONDS = positiveInteger('SOAK_SECONDS', 60);
const WARMUP_SECONDS = positiveInteger('SOAK_WARMUP_SECONDS', 15);
const BASELINE_SECONDS = positiveInteger('SOAK_BASELINE_SECONDS', 20);
const FLOOD_SECONDS = positiveInteger('SOAK_FLOOD_SECONDS', 30);
/** Share of the other addresses' images that must be served during the image cost flood. */
const OTHERS_SERVED_TARGET = 0.9;
const CONNECTIONS = positiveInteger('SOAK_CONNECTIONS', 50);
/** Of the hostile half, connections that abort uploads over raw sockets (the rest go through autocannon). */
const ABORTING_SOCKETS = 5;
const P99_TARGET_MS = 100;
/** How long the worker gets, once the load is over, to close what the hostile traffic opened. */
const SETTLE_MS = 10_000;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

const seed = loadSeed();
const realPaths = pageTypes(seed)
  .filter((page) => page.status === 200)
  .map((page) => page.path);
const covers = seed.articles.map((article) => `/images/articles/${article.slug}.png`);
const widths = [...SITE_IMAGE_WIDTHS];

const SCANNER_PATHS = [
  '/wp-login.php',
  '/wp-admin/setup-config.php',
  '/xmlrpc.php',
  '/.env',
  '/.git/config',
  '/.aws/credentials',
  '/phpmyadmin/index.php',
  '/admin/',
  '/server-status',
  '/cgi-bin/luci/;stok=/locale',
  '/actuator/env',
  '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/..%5c..%5cwindows/win.ini',
  '/api/../../.env',
  '//evil.example/',
  '/index.php?s=/Index/\\think\\app/invokefunction',
  '/?XDEBUG_SESSION_START=phpstorm',
];
const OVERSIZED = Buffer.alloc(2 * MiB, 'a').toString();
const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' };

/** One hostile request, drawn anew for every request a hostile connection sends. */
function hostileRequest(): autocannon.Request {
  const kind = Math.floor(Math.random() * 8);
  const unique = randomBytes(6).toString('hex');
  switch (kind) {
    case 0:
      return { method: 'GET', path: pick(SCANNER_PATHS) };
    case 1:
      return { method: 'GET', path: `/${unique}/${'x'.repeat(Math.floor(Math.random() * 200))}` };
    case 2:
      return { method: 'GET', path: `${pick(realPaths)}?fbx_${unique}=${unique}&utm_source=${unique}` };
    case 3:
      return {
        method: 'POST',
        path: '/api/forms/request',
        headers: { 'content-type': 'application/json' },
        body: `{"name": "${unique}", "phone": [`,
      };
    case 4:
      return {
        method: 'POST',
        path: '/api/forms/subscribe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=${OVERSIZED}`,
      };
    case 5:
      return {
        method: 'POST',
        path: '/api/forms/subscribe',
        headers: CROSS_SITE,
        body: JSON.stringify({ email: `${unique}@example.ru`, consent: true, _fillMs: 9000 }),
      };
    case 6:
      return {
        method: 'POST',
        path: '/api/forms/request',
        headers: { 'content-type': 'application/json' },
        body: `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"name":${'['.repeat(500)}${']'.repeat(500)}}`,
      };
    default:
      return Math.random() < 0.5
        ? {
            method: 'GET',
            path: `/_ipx/w_${1 + Math.floor(Math.random() * 3000)},q_${1 + Math.floor(Math.random() * 100)}/${pick(covers)}`,
          }
        : { method: 'GET', path: `/_ipx/w_${pick(widths)},f_${pick(['webp', 'avif', 'jpeg', 'png'])}/${pick(covers)}` };
  }
}

/** An upload that stops halfway and hangs up, as a client on a dropped connection does. */
function abortedUpload(port: number): Promise<void> {
  return new Promise((resolve) => {
    const boundary = `----soak${randomBytes(8).toString('hex')}`;
    const socket = connect({ host: '127.0.0.1', port });
    const done = () => {
      socket.destroy();
      resolve();
    };
    socket.on('error', done);
    socket.setTimeout(5000, done);
    socket.on('connect', () => {
      socket.write(
        [
          'POST /api/upload HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          `Content-Length: ${4 * MiB}`,
          'Accept: application/json',
          '',
          '',
          `--${boundary}`,
          'Content-Disposition: form-data; name="files"; filename="brief.pdf"',
          'Content-Type: application/pdf',
          '',
          '%PDF-1.7\n',
        ].join('\r\n'),
      );
      socket.write(randomBytes(256 * 1024), () => setTimeout(done, 20 + Math.random() * 80));
    });
  });
}

/** Real page views and hostile traffic side by side for `seconds`. */
async function mixedRun(url: string, port: number, seconds: number) {
  const realConnections = Math.ceil(CONNECTIONS / 2);
  const hostileConnections = Math.max(1, CONNECTIONS - realConnections - ABORTING_SOCKETS);
  const until = Date.now() + seconds * 1000;
  let aborted = 0;
  const abortLoops = Array.from({ length: ABORTING_SOCKETS }, async () => {
    while (Date.now() < until) {
      await abortedUpload(port);
      aborted += 1;
    }
  });
  const hostileStatuses: Record<string, number> = {};
  const hostile = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: hostileConnections,
        duration: seconds,
        timeout: 10,
        requests: [{ setupRequest: (request) => ({ ...request, ...hostileRequest() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, statusCode) => {
      hostileStatuses[statusCode] = (hostileStatuses[statusCode] ?? 0) + 1;
    });
  });
  const real = runLoad({ url, requests: requestsFor(realPaths), connections: realConnections, seconds });
  const [realResult, hostileResult] = await Promise.all([real, hostile, ...abortLoops]);
  return {
    real: { sent: realResult.sent, p50: realResult.p50, p99: realResult.p99, statuses: realResult.statuses, errors: realResult.errors },
    hostile: {
      sent: hostileResult.requests.total,
      statuses: hostileStatuses,
      errors: hostileResult.errors + hostileResult.timeouts,
      abortedUploads: aborted,
    },
    connections: { real: realConnections, hostile: hostileConnections + ABORTING_SOCKETS },
  };
}

const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

const scratch = mkdtempSync(path.join(os.tmpdir(), 'soak-hostile-'));
const photos = await photoHost();
const site = await startServer({
  LOG_LEVEL: 'info',
  LEADS_DATA_DIR: path.join(scratch, 'data'),
  IMAGE_CACHE_DIR: path.join(scratch, 'ipx'),
  IMAGE_DOMAINS: photos.host,
  IMAGE_PREGENERATE: '1',
  PAGE_CACHE_WARM_UP: '1',
  // The flood's addresses come in X-Forwarded-For from loopback; everything else has none.
  TRUST_PROXY: 'loopback',
});
// Logged once, after the page warm-up: followed from the start (the output kept is only the last MiBs).
const pregeneration = followLog(site.child.stdout, (line) => line.msg === 'widest image variants pre-generated');
const misses: string[] = [];
let report;
try {
  const events = serverEvents(site);
  const pid = events.listeningPids()[0];
  if (pid === undefined) throw new Error('the server logged no "listening" line');
  console.log(`Hostile soak: ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s at ${CONNECTIONS} connections, half of them hostile`);
  await mixedRun(site.url, site.port, WARMUP_SECONDS);
  await sleep(SETTLE_MS / 2);
  const baseline = await runLoad({
    url: site.url,
    requests: requestsFor(realPaths),
    connections: Math.ceil(CONNECTIONS / 2),
    seconds: BASELINE_SECONDS,
  });
  const start = { sample: await events.sample(pid), files: openFiles(pid) };
  const run = await mixedRun(site.url, site.port, SECONDS);
  // Once the load is over, the worker must close what it opened: wait for it, bounded.
  const settleUntil = Date.now() + SETTLE_MS;
  while (openFiles(pid) > start.files && Date.now() < settleUntil) await sleep(250);
  const end = { sample: await events.sample(pid), files: openFiles(pid) };
  const healthy = (await fetch(`${site.url}/healthz`)).ok;

  await sleep(SETTLE_MS / 2);
  const flood = await imageFloodRun({
    url: site.url,
    photoHost: photos.host,
    realPaths,
    covers,
    widths,
    connections: { real: Math.ceil(CONNECTIONS / 2), flood: 10, others: 4 },
    seconds: FLOOD_SECONDS,
  });
  const pregenerated = pregeneration[0];

  const rssGrowth = (end.sample.rssBytes - start.sample.rssBytes) / start.sample.rssBytes;
  const realFailures = Object.entries(run.real.statuses)
    .filter(([status]) => status !== '200')
    .reduce((sum, [, count]) => sum + count, 0);
  const serverErrors = Object.entries(run.hostile.statuses)
    .filter(([status]) => Number(status) >= 500 && status !== '503')
    .reduce((sum, [, count]) => sum + count, 0);
  if (realFailures > 0 || run.real.errors > 0)
    misses.push(`real page views: ${realFailures} not 200, ${run.real.errors} connection errors or timeouts`);
  if (run.real.p99 > P99_TARGET_MS) misses.push(`real page views: p99 ${run.real.p99} ms > ${P99_TARGET_MS} ms`);
  if (rssGrowth > RSS_GROWTH_TARGET) misses.push(`RSS grew ${(rssGrowth * 100).toFixed(1)} % > ${RSS_GROWTH_TARGET * 100} %`);
  if (end.files > start.files) misses.push(`open file descriptors ${start.files} → ${end.files}`);
  if (serverErrors > 0) misses.push(`hostile traffic got ${serverErrors} server errors (5xx other than the image queue's 503)`);
  if (!healthy) misses.push('the server did not answer /healthz after the run');
  const floodRealFailures = Object.entries(flood.real.statuses)
    .filter(([status]) => status !== '200')
    .reduce((sum, [, count]) => sum + count, 0);
  if (floodRealFailures > 0 || flood.real.errors > 0)
    misses.push(`image flood: real page views ${floodRealFailures} not 200, ${flood.real.errors} connection errors or timeouts`);
  if (flood.real.p99 > P99_TARGET_MS) misses.push(`image flood: real page views p99 ${flood.real.p99} ms > ${P99_TARGET_MS} ms`);
  const othersServed = (flood.others.statuses['200'] ?? 0) / Math.max(1, flood.others.sent);
  if (othersServed < OTHERS_SERVED_TARGET)
    misses.push(`image flood: other addresses' images ${(othersServed * 100).toFixed(1)} % served < ${OTHERS_SERVED_TARGET * 100} %`);
  const floodServerErrors = [flood.flood.statuses, flood.others.statuses]
    .flatMap((statuses) => Object.entries(statuses))
    .filter(([status]) => Number(status) >= 500 && status !== '503')
    .reduce((sum, [, count]) => sum + count, 0);
  if (floodServerErrors > 0) misses.push(`image flood: ${floodServerErrors} server errors (5xx other than the budget's 503)`);

  report = {
    machine: `${machine()}, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} at the end`,
    seconds: SECONDS,
    connections: run.connections,
    real: run.real,
    hostile: run.hostile,
    baseline: {
      seconds: BASELINE_SECONDS,
      sent: baseline.sent,
      p50: baseline.p50,
      p99: baseline.p99,
      statuses: baseline.statuses,
      errors: baseline.errors,
    },
    rss: { startMiB: Number(mib(start.sample.rssBytes)), endMiB: Number(mib(end.sample.rssBytes)), growth: rssGrowth },
    openFiles: { start: start.files, end: end.files },
    /** The worker's event-loop delay over the hostile run (the window since the start sample). */
    eventLoopDelayMs: end.sample.eventLoopDelayMs,
    imageFlood: { seconds: FLOOD_SECONDS, ...flood, othersServed },
    /** The start's pre-generation of the widest variants, as the worker logged it. */
    pregenerated:
      pregenerated === undefined
        ? null
        : { made: pregenerated.made, cached: pregenerated.cached, failed: pregenerated.failed, ms: pregenerated.ms },
    misses,
  };
} finally {
  if (site.child.exitCode !== null || site.child.signalCode !== null) {
    // The server died under the run: keep what it said last, beside the report.
    writeTestResult('soak-hostile-server.log', site.output().slice(-200_000));
    console.error(`The server exited (code ${site.child.exitCode}, signal ${site.child.signalCode}): test-results/soak-hostile-server.log`);
  }
  await site.stop();
  photos.close();
  rmSync(scratch, { recursive: true, force: true });
}

writeTestResult('soak-hostile.json', `${JSON.stringify(report, null, 2)}\n`);
console.log(`\n${report.machine}`);
console.log(`\n| measure | value | target |\n|---|---|---|`);
console.log(
  `| real page views (${report.connections.real} connections) | ${report.real.sent} requests, statuses ${JSON.stringify(report.real.statuses)}, ${report.real.errors} errors | 0 errors |`,
);
console.log(`| real page views latency p50 / p99 | ${report.real.p50} / ${report.real.p99} ms | p99 ≤ ${P99_TARGET_MS} ms |`);
console.log(
  `| the same views alone, before (baseline, ${report.baseline.seconds} s) | ${report.baseline.sent} requests, p50 / p99 ${report.baseline.p50} / ${report.baseline.p99} ms, ${report.baseline.errors} errors | — |`,
);
console.log(
  `| hostile (${report.connections.hostile} connections) | ${report.hostile.sent} requests, statuses ${JSON.stringify(report.hostile.statuses)}, ${report.hostile.errors} connection errors, ${report.hostile.abortedUploads} aborted uploads | no 5xx but the image queue's 503 |`,
);
console.log(
  `| worker RSS after warm-up → end | ${report.rss.startMiB} → ${report.rss.endMiB} MiB (${(report.rss.growth * 100).toFixed(1)} %) | ≤ ${RSS_GROWTH_TARGET * 100} % |`,
);
console.log(
  `| worker event-loop delay p50 / p99 / max during the run | ${report.eventLoopDelayMs.p50} / ${report.eventLoopDelayMs.p99} / ${report.eventLoopDelayMs.max} ms | — |`,
);
console.log(`| open file descriptors start → end | ${report.openFiles.start} → ${report.openFiles.end} | back to the start |`);
const { imageFlood } = report;
console.log(
  `| image flood (${imageFlood.seconds} s): real page views | ${imageFlood.real.sent} requests, statuses ${JSON.stringify(imageFlood.real.statuses)}, ${imageFlood.real.errors} errors, p50 / p99 ${imageFlood.real.p50} / ${imageFlood.real.p99} ms | 0 errors, p99 ≤ ${P99_TARGET_MS} ms |`,
);
console.log(
  `| image flood: one address, uncached 3072 px AVIFs | ${imageFlood.flood.sent} requests, statuses ${JSON.stringify(imageFlood.flood.statuses)}, ${imageFlood.flood.errors} errors | no 5xx but the budget's 503 |`,
);
console.log(
  `| image flood: other addresses' cover images | ${imageFlood.others.sent} requests, statuses ${JSON.stringify(imageFlood.others.statuses)}, p50 / p99 ${imageFlood.others.p50} / ${imageFlood.others.p99} ms | ≥ ${OTHERS_SERVED_TARGET * 100} % served |`,
);
console.log(`| widest variants pre-generated at the start | ${JSON.stringify(report.pregenerated)} | — |`);
endWithVerdict(misses, 'All hostile soak targets met.');
