/**
 * `npm run soak -- --hostile`: the site under the open internet's traffic (docs/performance.md,
 * "Hostile"; docs/security.md). Real page views by wrk alone (the machine's baseline), then beside
 * hostile traffic, slow clients and path variants (`mixedRun`), then beside an image cost flood,
 * an upload flood and an idle-socket flood in turn, each scenario in its own file here; the
 * targets are `missesOf`'s. Writes test-results/soak-hostile.json; exit code 1 when one is missed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os, { setPriority } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type autocannon from 'autocannon';
import { loadSeed } from '../../server/platform/content/service/loadSeed.ts';
import type { Figures } from '../bench/wrk.ts';
import { SITE_IMAGE_WIDTHS } from '../../shared/ui/imageVariants.ts';
import { pageTypes } from '../../tests/support/pageTypes.ts';
import { followLog } from '../../tests/support/serverLog.ts';
import { startServer } from '../../tests/support/startServer.ts';
import { idleSocketFloodRun } from './idleSocketFlood.ts';
import { imageFloodRun, photoHost } from './imageFlood.ts';
import { slowClientsRun } from './slowClients.ts';
import { uploadFloodRun } from './uploadFlood.ts';
import { pageViews } from './pageViews.ts';
import { serverEvents } from './processSamples.ts';
import { counted, drawn } from './load.ts';
import { endWithVerdict, machine, markdownTable, MiB, mib, positiveInteger, RSS_GROWTH_TARGET, writeTestResult } from '../report.ts';

const SECONDS = positiveInteger('SOAK_SECONDS', 60);
const WARMUP_SECONDS = positiveInteger('SOAK_WARMUP_SECONDS', 15);
const BASELINE_SECONDS = positiveInteger('SOAK_BASELINE_SECONDS', 20);
const FLOOD_SECONDS = positiveInteger('SOAK_FLOOD_SECONDS', 30);
/** Of the other addresses' images during the image cost flood, the share that must be served. */
const OTHERS_SERVED_TARGET = 0.9;
const CONNECTIONS = positiveInteger('SOAK_CONNECTIONS', 50);
/** Half the connections are real page views, in every run. */
const REAL_CONNECTIONS = Math.ceil(CONNECTIONS / 2);
const SLOW_CLIENTS = positiveInteger('SOAK_SLOW_CLIENTS', 200);
/** The soak's own niceness once the server runs: its clients yield the CPU to the server. */
const LOAD_NICENESS = 10;
/** Between one real page view and the next on the same connection (scripts/soak/pageViews.ts). */
const VIEW_PAUSE_MS = positiveInteger('SOAK_VIEW_PAUSE_MS', 50);
/** The upload quota of the soak's server: small enough for the flood to reach its reserve. */
const UPLOAD_QUOTA_MB = 40;
/** Of the hostile half, connections that abort uploads over raw sockets (the rest go through autocannon). */
const ABORTING_SOCKETS = 5;
/** Of the hostile half, connections that ask for other forms of real pages' paths (`pathVariant`). */
const VARIANT_CONNECTIONS = 3;
/** Idle sockets the flooding address holds: more than the process's MAX_CONNECTIONS (1000). */
const IDLE_FLOOD_SOCKETS = positiveInteger('SOAK_IDLE_SOCKETS', 1005);
/** How often the flood opens again the sockets the server closed. */
const IDLE_FLOOD_REOPEN_MS = 10_000;
/** The cap per address: the soak's own ~250 connections all come from 127.0.0.1; the flood's from 127.0.0.2. */
const CONNECTIONS_PER_ADDRESS = 300;
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

/**
 * A hostile form post's address (X-Forwarded-For, believed from loopback), new each time as from
 * a botnet: from one, the rate limit would hold every post a second (server/platform/http/refusalHold.ts).
 */
const botAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/**
 * Another form of a real page's path (a letter upper-cased or percent-encoded, a dot segment, a
 * backslash, a doubled slash, `/x/..//`): one 301 or a 404, never a page of its own
 * (server/features/pages/routing/canonicalPath.ts).
 */
function pathVariant(path: string): string {
  const at = 1 + Math.floor(Math.random() * Math.max(1, path.length - 1));
  const letter = path.slice(at).search(/[a-z]/);
  const index = letter === -1 ? -1 : at + letter;
  const character = index === -1 ? '' : path[index]!;
  const variants = [
    index === -1 ? `${path}./` : `${path.slice(0, index)}${character.toUpperCase()}${path.slice(index + 1)}`,
    index === -1 ? `${path}%2e/` : `${path.slice(0, index)}%${character.charCodeAt(0).toString(16)}${path.slice(index + 1)}`,
    `/zz/..${path}`,
    `/zz/%2E%2e${path}`,
    `/x\\..${path.replaceAll('/', '\\')}`,
    path.endsWith('/') ? `${path}/` : `${path}//`,
    `/x/..//${path.slice(1)}`,
  ];
  return pick(variants);
}

const unique = () => randomBytes(6).toString('hex');
const JSON_TYPE = { 'content-type': 'application/json' };
/** A hostile form post, from a new address each time (`botAddress`). */
function post(path: string, body: string, headers: Record<string, string> = JSON_TYPE): autocannon.Request {
  return { method: 'POST', path, headers: { 'x-forwarded-for': botAddress(), ...headers }, body };
}

/** The kinds of hostile request; one is drawn anew for every request a hostile connection sends. */
const HOSTILE_REQUESTS: (() => autocannon.Request)[] = [
  () => ({ method: 'GET', path: pick(SCANNER_PATHS) }),
  () => ({ method: 'GET', path: `/${unique()}/${'x'.repeat(Math.floor(Math.random() * 200))}` }),
  () => ({ method: 'GET', path: `${pick(realPaths)}?fbx_${unique()}=${unique()}&utm_source=${unique()}` }),
  () => post('/api/forms/request', `{"name": "${unique()}", "phone": [`),
  () => post('/api/forms/subscribe', `email=${OVERSIZED}`, { 'content-type': 'application/x-www-form-urlencoded' }),
  () => post('/api/forms/subscribe', JSON.stringify({ email: `${unique()}@example.ru`, consent: true, _fillMs: 9000 }), CROSS_SITE),
  () =>
    post(
      '/api/forms/request',
      `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"name":${'['.repeat(500)}${']'.repeat(500)}}`,
    ),
  () =>
    Math.random() < 0.5
      ? { method: 'GET', path: `/_ipx/w_${1 + Math.floor(Math.random() * 3000)},q_${1 + Math.floor(Math.random() * 100)}/${pick(covers)}` }
      : { method: 'GET', path: `/_ipx/w_${pick(widths)},f_${pick(['webp', 'avif', 'jpeg', 'png'])}/${pick(covers)}` },
];

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

/** Real page views, hostile traffic, path variants and `slowClients` slow connections side by side for `seconds`. */
async function mixedRun(url: string, port: number, seconds: number, slowClients: number) {
  const hostileConnections = Math.max(1, CONNECTIONS - REAL_CONNECTIONS - ABORTING_SOCKETS - VARIANT_CONNECTIONS);
  const until = Date.now() + seconds * 1000;
  let aborted = 0;
  const abortLoops = Array.from({ length: ABORTING_SOCKETS }, async () => {
    for (; Date.now() < until; aborted += 1) await abortedUpload(port);
  });
  const [real, hostile, slow, pathVariants] = await Promise.all([
    views(seconds),
    counted({ url, connections: hostileConnections, duration: seconds, requests: drawn(() => pick(HOSTILE_REQUESTS)()) }),
    slowClientsRun(port, slowClients, until),
    counted({
      url,
      connections: VARIANT_CONNECTIONS,
      duration: seconds,
      requests: drawn(() => ({ method: 'GET', path: pathVariant(pick(realPaths)) })),
    }),
    ...abortLoops,
  ]);
  return {
    real,
    hostile: { sent: hostile.sent, statuses: hostile.statuses, errors: hostile.errors, abortedUploads: aborted },
    slow,
    pathVariants: { sent: pathVariants.sent, statuses: pathVariants.statuses, errors: pathVariants.errors },
    connections: { real: REAL_CONNECTIONS, hostile: hostileConnections + ABORTING_SOCKETS + VARIANT_CONNECTIONS, slow: slowClients },
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
  UPLOAD_QUOTA_MB: String(UPLOAD_QUOTA_MB),
  // The flood's addresses come in X-Forwarded-For from loopback; everything else has none.
  TRUST_PROXY: 'loopback',
  MAX_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS_PER_ADDRESS),
});
// The clients (wrk too, started later) run below the server's priority: on the open internet
// their CPU is not the server's, and any delay this adds counts against the site.
setPriority(LOAD_NICENESS);
// Logged once, after the page warm-up: followed from the start (the output kept is only the last MiBs).
const pregeneration = followLog(site.child.stdout, (line) => line.msg === 'widest image variants pre-generated');

function views(seconds: number): Promise<Figures> {
  return pageViews(site.url, realPaths, REAL_CONNECTIONS, seconds, VIEW_PAUSE_MS);
}

/** Real page views for FLOOD_SECONDS beside `flood`, once the worker has settled from the run before. */
async function besideViews<T>(flood: () => Promise<T>): Promise<[Figures, T]> {
  await sleep(SETTLE_MS / 2);
  return Promise.all([views(FLOOD_SECONDS), flood()]);
}

/** The hostile run between two samples of the worker, then the three floods in turn: the report. */
async function measure() {
  const events = serverEvents(site);
  const pid = events.listeningPids()[0];
  if (pid === undefined) throw new Error('the server logged no "listening" line');
  console.log(`Hostile soak: ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s at ${CONNECTIONS} connections, half of them hostile`);
  await mixedRun(site.url, site.port, WARMUP_SECONDS, 0);
  await sleep(SETTLE_MS / 2);
  const baseline = await views(BASELINE_SECONDS);
  const start = { sample: await events.sample(pid), files: openFiles(pid) };
  const run = await mixedRun(site.url, site.port, SECONDS, SLOW_CLIENTS);
  // Once the load is over, the worker must close what it opened: wait for it, bounded.
  const settleUntil = Date.now() + SETTLE_MS;
  while (openFiles(pid) > start.files && Date.now() < settleUntil) await sleep(250);
  const end = { sample: await events.sample(pid), files: openFiles(pid) };
  const healthy = (await fetch(`${site.url}/healthz`)).ok;
  const [imageViews, image] = await besideViews(() =>
    imageFloodRun({ url: site.url, photoHost: photos.host, covers, widths, connections: { flood: 10, others: 4 }, seconds: FLOOD_SECONDS }),
  );
  const [uploadViews, uploads] = await besideViews(() =>
    uploadFloodRun({ url: site.url, connections: { flood: 4, others: 2 }, floodFileBytes: 2 * MiB, seconds: FLOOD_SECONDS }),
  );
  const [idleViews, idle] = await besideViews(() =>
    idleSocketFloodRun({
      port: site.port,
      sockets: IDLE_FLOOD_SOCKETS,
      reopenEveryMs: IDLE_FLOOD_REOPEN_MS,
      seconds: FLOOD_SECONDS,
      paths: realPaths,
    }),
  );
  const pregenerated = pregeneration[0];
  return {
    machine: `${machine(2)} at the end`,
    seconds: SECONDS,
    connections: run.connections,
    real: run.real,
    hostile: run.hostile,
    pathVariants: run.pathVariants,
    slow: run.slow,
    baseline: { seconds: BASELINE_SECONDS, ...baseline },
    rss: {
      startMiB: Number(mib(start.sample.rssBytes)),
      endMiB: Number(mib(end.sample.rssBytes)),
      growth: (end.sample.rssBytes - start.sample.rssBytes) / start.sample.rssBytes,
    },
    openFiles: { start: start.files, end: end.files },
    healthy,
    /** The worker's event-loop delay over the hostile run (the window since the start sample). */
    eventLoopDelayMs: end.sample.eventLoopDelayMs,
    imageFlood: {
      seconds: FLOOD_SECONDS,
      real: imageViews,
      ...image,
      othersServed: (image.others.statuses['200'] ?? 0) / Math.max(1, image.others.sent),
    },
    uploadFlood: { seconds: FLOOD_SECONDS, real: uploadViews, ...uploads },
    idleSocketFlood: { seconds: FLOOD_SECONDS, perAddress: CONNECTIONS_PER_ADDRESS, real: idleViews, ...idle },
    /** The start's pre-generation of the widest variants, as the worker logged it. */
    pregenerated:
      pregenerated === undefined
        ? null
        : { made: pregenerated.made, cached: pregenerated.cached, failed: pregenerated.failed, ms: pregenerated.ms },
  };
}
type Report = Awaited<ReturnType<typeof measure>>;

/** Answers of 500 and up, but the one status that is a limit's answer under pressure. */
const serverErrorsBut = (expected: string, ...tallies: Readonly<Record<string, number>>[]) =>
  tallies
    .flatMap((statuses) => Object.entries(statuses))
    .filter(([status]) => Number(status) >= 500 && status !== expected)
    .reduce((sum, [, count]) => sum + count, 0);

/** Real page views: every one answered, p99 within the target. */
const viewMisses = (name: string, views: Figures): [boolean, string][] => [
  [views.failures > 0, `${name}: ${views.failures} failed (not 2xx/3xx, or socket errors)`],
  [views.p99 > P99_TARGET_MS, `${name}: p99 ${views.p99} ms > ${P99_TARGET_MS} ms`],
];

/** Each target the report misses, in a sentence. */
function missesOf(report: Report): string[] {
  const { rss, imageFlood: image, uploadFlood: uploads, idleSocketFlood: idle } = report;
  const serverErrors = serverErrorsBut('503', report.hostile.statuses);
  const imageServerErrors = serverErrorsBut('503', image.flood.statuses, image.others.statuses);
  const othersRefused = uploads.others.sent - (uploads.others.statuses['201'] ?? 0);
  const uploadServerErrors = serverErrorsBut('507', uploads.flood.statuses, uploads.others.statuses);
  const variantPages = report.pathVariants.statuses['200'] ?? 0;
  const variantServerErrors = serverErrorsBut('', report.pathVariants.statuses);
  const visitorFailed = idle.visitor.sent - (idle.visitor.statuses['200'] ?? 0);
  const checks: [boolean, string][] = [
    ...viewMisses('real page views', report.real),
    [rss.growth > RSS_GROWTH_TARGET, `RSS grew ${(rss.growth * 100).toFixed(1)} % > ${RSS_GROWTH_TARGET * 100} %`],
    [report.openFiles.end > report.openFiles.start, `open file descriptors ${report.openFiles.start} → ${report.openFiles.end}`],
    [serverErrors > 0, `hostile traffic got ${serverErrors} server errors (5xx other than the image queue's 503)`],
    [!report.healthy, 'the server did not answer /healthz after the run'],
    [report.slow.heldTooLong > 0, `slow clients: ${report.slow.heldTooLong} connections held past their limit`],
    ...viewMisses('image flood: real page views', image.real),
    [
      image.othersServed < OTHERS_SERVED_TARGET,
      `image flood: other addresses' images ${(image.othersServed * 100).toFixed(1)} % served < ${OTHERS_SERVED_TARGET * 100} %`,
    ],
    [imageServerErrors > 0, `image flood: ${imageServerErrors} server errors (5xx other than the budget's 503)`],
    ...viewMisses('upload flood: real page views', uploads.real),
    [othersRefused > 0, `upload flood: ${othersRefused} of ${uploads.others.sent} other clients' uploads not accepted`],
    [!('429' in uploads.flood.statuses || '507' in uploads.flood.statuses), 'upload flood: the flooding client was never refused'],
    [uploadServerErrors > 0, `upload flood: ${uploadServerErrors} server errors (5xx other than the quota's 507)`],
    [variantPages > 0, `path variants: ${variantPages} answered 200 (a page of their own) instead of a 301 or a 404`],
    [variantServerErrors > 0, `path variants: ${variantServerErrors} server errors`],
    ...viewMisses('idle-socket flood: real page views', idle.real),
    [visitorFailed > 0, `idle-socket flood: ${visitorFailed} of ${idle.visitor.sent} requests of another address not answered 200`],
    [
      idle.mostHeld > CONNECTIONS_PER_ADDRESS,
      `idle-socket flood: the flooding address held ${idle.mostHeld} sockets > ${CONNECTIONS_PER_ADDRESS}`,
    ],
  ];
  return checks.filter(([missed]) => missed).map(([, miss]) => miss);
}

const tallied = (run: { sent: number; statuses: object; errors: number }, what = 'requests') =>
  `${run.sent} ${what}, statuses ${JSON.stringify(run.statuses)}, ${run.errors} errors`;
const viewsRow = (name: string, views: Figures) =>
  `${name} | ${views.requests} requests, ${views.failures} failed, p50 / p99 ${views.p50} / ${views.p99} ms | 0 failed, p99 ≤ ${P99_TARGET_MS} ms`;

/** The report as a Markdown table: measure, value, target. */
function table(report: Report): string {
  const { real, baseline, hostile, rss, eventLoopDelayMs: delay, imageFlood: image, uploadFlood: uploads, idleSocketFlood: idle } = report;
  const slowKinds = Object.entries(report.slow.kinds)
    .map(([kind, tally]) => `${kind} ${tally.opened}, ${(tally.longestMs / 1000).toFixed(1)} / ${tally.limitMs / 1000} s`)
    .join('; ');
  const rows = [
    `real page views (${report.connections.real} connections, wrk) | ${real.requests} requests, ${real.failures} failed (not 2xx/3xx, socket errors) | 0 failed`,
    `real page views latency p50 / p99 | ${real.p50} / ${real.p99} ms | p99 ≤ ${P99_TARGET_MS} ms`,
    `the same views alone, before (baseline, ${baseline.seconds} s) | ${baseline.requests} requests, p50 / p99 ${baseline.p50} / ${baseline.p99} ms, ${baseline.failures} failed | —`,
    `hostile (${report.connections.hostile} connections) | ${hostile.sent} requests, statuses ${JSON.stringify(hostile.statuses)}, ${hostile.errors} connection errors, ${hostile.abortedUploads} aborted uploads | no 5xx but the image queue's 503`,
    `worker RSS after warm-up → end | ${rss.startMiB} → ${rss.endMiB} MiB (${(rss.growth * 100).toFixed(1)} %) | ≤ ${RSS_GROWTH_TARGET * 100} %`,
    `worker event-loop delay p50 / p99 / max during the run | ${delay.p50} / ${delay.p99} / ${delay.max} ms | —`,
    `open file descriptors start → end | ${report.openFiles.start} → ${report.openFiles.end} | back to the start`,
    viewsRow(`image flood (${image.seconds} s): real page views`, image.real),
    `image flood: one address, uncached 3072 px AVIFs | ${tallied(image.flood)} | no 5xx but the budget's 503`,
    `image flood: other addresses' cover images | ${image.others.sent} requests, statuses ${JSON.stringify(image.others.statuses)}, p50 / p99 ${image.others.p50} / ${image.others.p99} ms | ≥ ${OTHERS_SERVED_TARGET * 100} % served`,
    `slow clients (${report.connections.slow} at a time): opened, longest held / limit | ${slowKinds} | none held past its limit (${report.slow.heldTooLong})`,
    viewsRow(`upload flood (${uploads.seconds} s): real page views`, uploads.real),
    `upload flood: one client, 2 MiB files | ${tallied(uploads.flood, 'uploads')} | refused once over its budget, no 5xx but the quota's 507`,
    `upload flood: other clients' briefs | ${tallied(uploads.others, 'uploads')} | every one accepted (201)`,
    `path variants (${VARIANT_CONNECTIONS} connections: case, dot segments, backslashes, doubled slashes, escapes) | ${tallied(report.pathVariants)} | no 200, no 5xx`,
    viewsRow(`idle-socket flood (${idle.seconds} s): real page views`, idle.real),
    `idle-socket flood: ${IDLE_FLOOD_SOCKETS} idle sockets from ${idle.address}, reopened every ${IDLE_FLOOD_REOPEN_MS / 1000} s | ${idle.opened} opened, ${idle.closedByServer} closed by the server, at most ${idle.mostHeld} held | ≤ ${idle.perAddress} held`,
    `idle-socket flood: another address's page requests | ${tallied(idle.visitor)} | every one 200`,
    `widest variants pre-generated at the start | ${JSON.stringify(report.pregenerated)} | —`,
  ];
  return markdownTable('measure | value | target', rows);
}

let report: Report;
try {
  report = await measure();
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
const misses = missesOf(report);
writeTestResult('soak-hostile.json', `${JSON.stringify({ ...report, misses }, null, 2)}\n`);
console.log(`\n${report.machine}\n\n${table(report)}`);
endWithVerdict(misses, 'All hostile soak targets met.');
