/**
 * `npm run lighthouse`: builds, starts the production server on a loopback port, and audits
 * home, a service page, the blog, an article, contacts and the 404 page with Lighthouse
 * (mobile preset: Moto G Power screen, simulated slow 4G and 4× CPU slowdown) in Debian's
 * Chromium, each beside its own limit: the same page with every script removed, served by a
 * proxy in front of the site (scripts/lighthouse/noScriptProxy.ts). A score on this shared
 * 2-core machine moves with its load, so the two versions are audited alternately in the same
 * run and the real page is judged against the other (scripts/lighthouse/scores.ts): Performance
 * within 3 points, FCP within 150 ms, TBT ≤ 100 ms, CLS ≤ 0.01, Accessibility, Best Practices
 * and SEO 100. Writes `test-results/lighthouse/<page>[.no-scripts].report.{json,html}` and
 * prints both side by side, then the audits that cost the real page points.
 *
 * Every audit gets a fresh Chromium, launched as Lighthouse's CLI launches it (chrome-launcher
 * with its default flags, `--headless=new`, a new profile; scripts/lighthouse/chromium.ts) and
 * closed after it, so the figures are the ones the CLI and PageSpeed Insights give (decision 041).
 *
 * Not part of `npm test` (a minute or more per page). Never reaches the internet: the server
 * listens on 127.0.0.1 and Chromium resolves no other host (scripts/lighthouse/chromium.ts).
 * LIGHTHOUSE_SKIP_BUILD=1 audits the build already in dist/; LIGHTHOUSE_PAGES (comma-separated
 * page type names, such as `an article,contacts`) audits only those. Exit code 1 when a target
 * is missed.
 *
 * Performance and Total Blocking Time are judged against a third version, audited in turn with
 * the other two: the framework floor page (scripts/lighthouse/frameworkFloor.ts), the same HTML
 * whose scripts are React, react-dom and react-router alone (the floor of the first-load budget,
 * tests/budgets/pageWeight.ts), loaded as the first load loads them and hydrating nothing: the
 * real page within 2 points and 50 ms of it (`FLOOR_TARGETS`). The gaps to the page without
 * scripts are printed beside them, and the machine's load average at each audit.
 *
 * Each version of each page is audited LIGHTHOUSE_RUNS times (default 5) and the run with the
 * median Performance score is the one reported and written, as Lighthouse's own guidance on
 * variability advises; Total Blocking Time is judged by its own median over the audits (that run's
 * TBT is one audit's). Every run's score and TBT are printed, so the spread is visible.
 *
 * Beside Lighthouse, each version is loaded as many times more (each in a fresh browser too) through
 * a bare DevTools connection that does not enable Runtime, as Lighthouse does (scripts/lighthouse/visitorTrace.ts):
 * the blocking time a visitor's phone has, with and without scripts, in a second table.
 */
import { execFileSync } from 'node:child_process';
import { medianBy } from './median.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { ROOT_DIR } from '../server/platform/paths.ts';
import { pageType, pageTypes } from '../tests/support/pageTypes.ts';
import { startServer } from '../tests/support/startServer.ts';
import { CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { launcherFlags, startChromium } from './lighthouse/chromium.ts';
import { startFrameworkFloorProxy } from './lighthouse/frameworkFloor.ts';
import { startNoScriptProxy } from './lighthouse/noScriptProxy.ts';
import { kindLine, longTaskLine, workOfLoad, type WorkOfLoad } from './lighthouse/longTasks.ts';
import { visitorBlocking, type VisitorBlocking } from './lighthouse/visitorTrace.ts';
import {
  CATEGORIES,
  EXPECTED_FAILURES,
  excusedAudits,
  failingAudits,
  FLOOR_TARGETS,
  gapsTo,
  judge,
  medianTbtMs,
  TARGETS,
  tbtMsOf,
  type FailingAudit,
  type FloorGaps,
  type PageScores,
} from './lighthouse/scores.ts';

const ALL_AUDITED = ['home', 'a service page', 'blog', 'an article', 'contacts', '404'];
const AUDITED =
  process.env.LIGHTHOUSE_PAGES === undefined || process.env.LIGHTHOUSE_PAGES.trim() === ''
    ? ALL_AUDITED
    : process.env.LIGHTHOUSE_PAGES.split(',').map((name) => name.trim());
const RUNS = Math.max(1, Number.parseInt(process.env.LIGHTHOUSE_RUNS ?? '5', 10) || 1);
const outDir = path.join(ROOT_DIR, 'test-results', 'lighthouse');

if (process.env.LIGHTHOUSE_SKIP_BUILD !== '1') execFileSync(process.execPath, ['esbuild.config.ts'], { cwd: ROOT_DIR, stdio: 'inherit' });
mkdirSync(outDir, { recursive: true });

// Ctrl-C: exit through 'exit' handlers, which take Chromium down.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const types = pageTypes();
const pages = AUDITED.map((name) => pageType(name, types));
const site = await startServer({ LOG_LEVEL: 'warn', PAGE_CACHE_WARM_UP: '1' });
const proxy = await startNoScriptProxy(site.url);
const floorProxy = await startFrameworkFloorProxy(site.url);
// `localhost` rather than 127.0.0.1: it is the server's default PUBLIC_BASE_URL, so the
// canonical link Lighthouse checks points at the audited host.
const origins = {
  real: `http://localhost:${site.port}`,
  floor: `http://localhost:${floorProxy.port}`,
  noScripts: `http://localhost:${proxy.port}`,
} as const;
type Version = keyof typeof origins;
const VERSIONS = ['real', 'floor', 'noScripts'] as const;

interface Audited {
  name: string;
  path: string;
  real: PageScores;
  floor: PageScores;
  noScripts: PageScores;
  /** The real page against the framework floor page, and against the page without scripts. */
  toFloor: FloorGaps;
  toNoScripts: FloorGaps;
  /** The 1-minute load average when each audit started, per version, in the order run. */
  loads: Record<Version, number[]>;
  failing: FailingAudit[];
  /** Median observed blocking without a DevTools Runtime client (scripts/lighthouse/visitorTrace.ts). */
  visitor: Record<Exclude<Version, 'floor'>, VisitorBlocking>;
  /** What ran in the median audit's long tasks, the real page and the framework floor page. */
  work: Record<Exclude<Version, 'noScripts'>, WorkOfLoad>;
}
const results: Audited[] = [];
try {
  for (const page of pages) {
    process.stdout.write(`Lighthouse: ${page.name} (${page.path})… `);
    const runs: Record<Version, RunnerResult[]> = { real: [], floor: [], noScripts: [] };
    const loads: Record<Version, number[]> = { real: [], floor: [], noScripts: [] };
    for (let index = 0; index < RUNS; index += 1) {
      // In turn, so the three versions see the same drift of the machine's load.
      for (const version of VERSIONS) {
        loads[version].push(os.loadavg()[0] ?? 0);
        runs[version].push(await audit(`${origins[version]}${page.path}`, page.status !== 200));
      }
    }
    const traces: Record<Exclude<Version, 'floor'>, VisitorBlocking[]> = { real: [], noScripts: [] };
    for (let index = 0; index < RUNS; index += 1) {
      for (const version of ['real', 'noScripts'] as const)
        traces[version].push(await inFreshChromium((port) => visitorBlocking(port, `${origins[version]}${page.path}`)));
    }
    const file = page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'page';
    const chosen = { real: medianRun(runs.real), floor: medianRun(runs.floor), noScripts: medianRun(runs.noScripts) };
    process.stdout.write(
      `performance ${runs.real.map(score).join(', ')} (framework floor ${runs.floor.map(score).join(', ')}; no scripts ${runs.noScripts.map(score).join(', ')}), TBT ms ${runs.real.map(tbt).join(', ')} (framework floor ${runs.floor.map(tbt).join(', ')}; no scripts ${runs.noScripts.map(tbt).join(', ')}), medians reported… `,
    );
    for (const version of VERSIONS) {
      const run = chosen[version];
      const [json, html] = Array.isArray(run.report) ? run.report : [run.report, undefined];
      const name = version === 'real' ? file : version === 'floor' ? `${file}.framework-floor` : `${file}.no-scripts`;
      writeFileSync(path.join(outDir, `${name}.report.json`), json ?? '');
      if (html !== undefined) writeFileSync(path.join(outDir, `${name}.report.html`), html);
      if (run.lhr.runtimeError) throw new Error(`${page.path} (${version}): ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
    }
    const expected = (version: Version) => excusedAudits(page.name, chosen[version].lhr, `${origins[version]}${page.path}`);
    const medianTbt = (version: Version) => medianTbtMs(runs[version].map((run) => run.lhr));
    const noScripts = judge(chosen.noScripts.lhr, expected('noScripts'), undefined, medianTbt('noScripts'));
    const floor = judge(chosen.floor.lhr, expected('floor'), undefined, medianTbt('floor'));
    const real = judge(chosen.real.lhr, expected('real'), noScripts, medianTbt('real'));
    results.push({
      name: page.name,
      path: page.path,
      real,
      floor,
      noScripts,
      toFloor: gapsTo(real, floor),
      toNoScripts: gapsTo(real, noScripts),
      loads,
      failing: failingAudits(chosen.real.lhr, expected('real')),
      visitor: { real: medianBlocking(traces.real), noScripts: medianBlocking(traces.noScripts) },
      work: { real: workOfLoad(chosen.real.lhr), floor: workOfLoad(chosen.floor.lhr) },
    });
    process.stdout.write('done\n');
  }
} finally {
  await floorProxy.stop();
  await proxy.stop();
  await site.stop();
}

const cell = (value: number | null, adjusted = false) => `${value ?? 'n/a'}${adjusted ? '*' : ''}`;
const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(0));
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(
      ' ',
    )}, Node ${process.version}, Lighthouse mobile preset, Chromium ${chromiumVersion()} launched fresh for every audit, median of ${RUNS} alternating runs`,
);
console.log(`Chromium flags (chrome-launcher's defaults and this machine's): ${launcherFlags().join(' ')}`);
console.log(
  `Targets: Performance within ${TARGETS.performanceGap} points and FCP within ${TARGETS.fcpGapMs} ms of the page without scripts, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, Accessibility ${TARGETS.accessibility}, Best Practices ${TARGETS['best-practices']}, SEO ${TARGETS.seo}\n`,
);
console.log(
  '| page | path | Performance with / without scripts | FCP ms with / without | TBT ms with / without | CLS | Accessibility | Best Practices | SEO | targets |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const { name, path: pagePath, real, noScripts } of results) {
  const { scores, adjusted } = real;
  console.log(
    `| ${name} | ${pagePath} | ${cell(scores.performance)} / ${cell(noScripts.scores.performance)} | ${ms(real.fcpMs)} / ${ms(noScripts.fcpMs)} | ${ms(real.tbtMs)} / ${ms(noScripts.tbtMs)} | ${real.cls?.toFixed(3) ?? 'n/a'} | ${(['accessibility', 'best-practices', 'seo'] as const).map((id) => cell(scores[id], adjusted.includes(id))).join(' | ')} | ${real.misses.length === 0 ? 'met' : `missed: ${real.misses.join('; ')}`} |`,
  );
}
if (results.some(({ real }) => real.adjusted.length > 0)) {
  console.log(
    '\n* judged without the audits the page fails on purpose (a 404 answers 404 and is noindex; the console shows that 404):',
    JSON.stringify(EXPECTED_FAILURES),
    "+ errors-in-console when it only reports the document's own 404",
  );
}

console.log(
  `\nAgainst the framework floor page (React, react-dom and react-router alone, hydrating nothing): Performance within ${FLOOR_TARGETS.performanceGap} points and TBT within ${FLOOR_TARGETS.tbtGapMs} ms of it; medians of ${RUNS}; gaps: how far the real page is behind\n`,
);
console.log(
  '| page | Performance real / floor / no scripts | behind floor / no scripts | TBT ms real / floor / no scripts | TBT above floor / no scripts | load average at each audit (real; floor; no scripts) | floor targets |',
);
console.log('|---|---|---|---|---|---|---|');
const signed = (value: number | null) => (value === null ? 'n/a' : value.toFixed(0));
for (const { name, real, floor, noScripts, toFloor, toNoScripts, loads } of results) {
  const loadCell = VERSIONS.map((version) => loads[version].map((load) => load.toFixed(1)).join(' ')).join('; ');
  console.log(
    `| ${name} | ${cell(real.scores.performance)} / ${cell(floor.scores.performance)} / ${cell(noScripts.scores.performance)} | ${signed(toFloor.performanceGap)} / ${signed(toNoScripts.performanceGap)} | ${ms(real.tbtMs)} / ${ms(floor.tbtMs)} / ${ms(noScripts.tbtMs)} | ${signed(toFloor.tbtGapMs)} / ${signed(toNoScripts.tbtGapMs)} | ${loadCell} | ${toFloor.misses.length === 0 ? 'met' : `missed: ${toFloor.misses.join('; ')}`} |`,
  );
}

console.log(
  '\nBlocking time as a visitor has it: observed at 4× CPU from the first contentful paint, no DevTools client enabling Runtime (scripts/lighthouse/visitorTrace.ts); medians\n',
);
console.log('| page | blocking ms with / without scripts | longest task ms with / without | V8 source positions ms with |');
console.log('|---|---|---|---|');
for (const { name, visitor } of results) {
  console.log(
    `| ${name} | ${ms(visitor.real.blockingMs)} / ${ms(visitor.noScripts.blockingMs)} | ${ms(visitor.real.longestTaskMs)} / ${ms(visitor.noScripts.longestTaskMs)} | ${ms(visitor.real.sourcePositionsMs)} |`,
  );
}

console.log(
  "\nWhat runs in the long tasks of the median audit (Lighthouse's long-tasks, mainthread-work-breakdown and bootup-time; start+duration ms at 4× CPU, script)\n",
);
console.log('| page | version | long tasks | main thread by kind (ms) | scripts evaluated (ms, compile ms) |');
console.log('|---|---|---|---|---|');
for (const { name, work } of results) {
  for (const version of ['real', 'floor'] as const) {
    const scripts = work[version].byScript
      .slice(0, 4)
      .map((entry) => `${entry.script} ${entry.evaluationMs.toFixed(0)} (${entry.compileMs.toFixed(0)})`)
      .join(', ');
    console.log(`| ${name} | ${version} | ${longTaskLine(work[version])} | ${kindLine(work[version])} | ${scripts} |`);
  }
}

console.log('\nAudits of the real pages below a passing score (those that cost points first, then diagnostics):');
for (const { name, failing } of results) {
  for (const audit of failing.filter((entry) => entry.costsPoints || entry.expected || entry.displayValue !== undefined)) {
    const kind = audit.expected ? 'expected' : audit.costsPoints ? 'costs points' : 'diagnostic';
    console.log(
      `- ${name}: [${audit.category}, ${kind}] ${audit.id} — ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
    );
    for (const item of audit.items) console.log(`    ${item}`);
  }
}
console.log(`\nReports: ${path.relative(ROOT_DIR, outDir)}/`);
process.exitCode = results.every(({ real, toFloor }) => real.misses.length === 0 && toFloor.misses.length === 0) ? 0 : 1;

function score(run: RunnerResult): number {
  return Math.round((run.lhr.categories.performance?.score ?? 0) * 100);
}

function tbt(run: RunnerResult): string {
  return tbtMsOf(run.lhr)?.toFixed(0) ?? 'n/a';
}

/** The run with the median Performance score. */
function medianRun(runs: readonly RunnerResult[]): RunnerResult {
  const median = medianBy(runs, score);
  if (median === undefined) throw new Error('no Lighthouse run');
  return median;
}

/** The trace with the median blocking time. */
function medianBlocking(traces: readonly VisitorBlocking[]): VisitorBlocking {
  const median = medianBy(traces, (trace) => trace.blockingMs);
  if (median === undefined) throw new Error('no visitor trace');
  return median;
}

/** Runs `work` against a Chromium launched for it alone, and closes that browser afterwards. */
async function inFreshChromium<T>(work: (port: number) => Promise<T>): Promise<T> {
  const chromium = await startChromium();
  try {
    return await work(chromium.port);
  } finally {
    await chromium.stop();
  }
}

/**
 * One Lighthouse run in its own fresh Chromium; run again once when Lighthouse itself reports a runtime error of its
 * trace (NO_NAVSTART, NO_FCP and the like happen now and then in headless Chromium).
 */
async function audit(url: string, notFound: boolean): Promise<RunnerResult> {
  let run: RunnerResult | undefined;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    run = await inFreshChromium((port) =>
      lighthouse(url, {
        port,
        hostname: '127.0.0.1',
        output: ['json', 'html'],
        logLevel: 'error',
        formFactor: 'mobile',
        onlyCategories: [...CATEGORIES],
        // The 404 page is audited as served, status included (Lighthouse refuses 4xx otherwise).
        ignoreStatusCode: notFound,
      }),
    );
    if (run?.lhr.runtimeError === undefined) break;
    process.stdout.write(`(${run.lhr.runtimeError.code}, again) `);
  }
  if (run === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
  return run;
}

function chromiumVersion(): string {
  try {
    return (
      execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .trim()
        .replace(/^Chromium\s+/, '')
        .split(' ')[0] ?? ''
    );
  } catch {
    return 'unknown';
  }
}
