/**
 * `npm run lighthouse` (method: docs/performance.md, "Lighthouse"): audits home, a service page, the
 * blog, an article, contacts and the 404 with Lighthouse's mobile preset, each in three versions
 * audited in turn in a fresh Chromium per audit (scripts/lighthouse/chromium.ts, decision 041): the
 * page, the page without scripts (scripts/lighthouse/noScriptProxy.ts) and the framework floor page
 * (scripts/lighthouse/frameworkFloor.ts); targets in scripts/lighthouse/scores.ts, exit code 1 when
 * one is missed. Each version LIGHTHOUSE_RUNS (5) times, every run printed, the median Performance
 * run reported and written to `test-results/lighthouse/<page>[.framework-floor|.no-scripts].report.{json,html}`;
 * then each page with and without scripts loaded as often with no DevTools Runtime client
 * (scripts/lighthouse/visitorTrace.ts). Never reaches the internet. LIGHTHOUSE_SKIP_BUILD=1 audits
 * dist/ as it is; LIGHTHOUSE_PAGES (page type names, comma-separated) audits only those.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { ROOT_DIR } from '../server/platform/paths.ts';
import { pageType, pageTypes, type PageType } from '../tests/support/pageTypes.ts';
import { startServer } from '../tests/support/startServer.ts';
import { inFreshChromium, launcherFlags } from './lighthouse/chromium.ts';
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
  type PageScores,
} from './lighthouse/scores.ts';
import { middleRun as middle } from './median.ts';
import { buildUnlessSkipped, machine, markdownTable } from './report.ts';

const ALL_AUDITED = ['home', 'a service page', 'blog', 'an article', 'contacts', '404'];
const AUDITED =
  process.env.LIGHTHOUSE_PAGES === undefined || process.env.LIGHTHOUSE_PAGES.trim() === ''
    ? ALL_AUDITED
    : process.env.LIGHTHOUSE_PAGES.split(',').map((name) => name.trim());
const RUNS = Math.max(1, Number.parseInt(process.env.LIGHTHOUSE_RUNS ?? '5', 10) || 1);
const outDir = path.join(ROOT_DIR, 'test-results', 'lighthouse');

buildUnlessSkipped('LIGHTHOUSE_SKIP_BUILD');
mkdirSync(outDir, { recursive: true });

const types = pageTypes();
/** The browser audited, as Lighthouse read it (`Browser.getVersion`). */
let chromium = 'Chromium';
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

const score = (run: RunnerResult) => Math.round((run.lhr.categories.performance?.score ?? 0) * 100);
const tbt = (run: RunnerResult) => tbtMsOf(run.lhr)?.toFixed(0) ?? 'n/a';
const byBlocking = (trace: VisitorBlocking) => trace.blockingMs;

/** The page's three versions audited in turn RUNS times, then traced; judged by the medians. */
async function auditPage(page: PageType) {
  process.stdout.write(`Lighthouse: ${page.name} (${page.path})… `);
  const runs: Record<Version, RunnerResult[]> = { real: [], floor: [], noScripts: [] };
  /** The 1-minute load average when each audit started, per version, in the order run. */
  const loads: Record<Version, number[]> = { real: [], floor: [], noScripts: [] };
  for (let index = 0; index < RUNS; index += 1) {
    for (const version of VERSIONS) {
      loads[version].push(os.loadavg()[0] ?? 0);
      runs[version].push(await audit(`${origins[version]}${page.path}`, page.status !== 200));
    }
  }
  const traces: Record<'real' | 'noScripts', VisitorBlocking[]> = { real: [], noScripts: [] };
  for (let index = 0; index < RUNS; index += 1) {
    for (const version of ['real', 'noScripts'] as const)
      traces[version].push(await inFreshChromium((port) => visitorBlocking(port, `${origins[version]}${page.path}`)));
  }
  const chosen = { real: middle(runs.real, score), floor: middle(runs.floor, score), noScripts: middle(runs.noScripts, score) };
  const spread = (figure: (run: RunnerResult) => string | number) =>
    `${runs.real.map(figure).join(', ')} (framework floor ${runs.floor.map(figure).join(', ')}; no scripts ${runs.noScripts.map(figure).join(', ')})`;
  process.stdout.write(`performance ${spread(score)}, TBT ms ${spread(tbt)}, medians reported… `);
  writeReports(page, chosen);
  const expected = (version: Version) => excusedAudits(page.name, chosen[version].lhr, `${origins[version]}${page.path}`);
  const medianTbt = (version: Version) => medianTbtMs(runs[version].map((run) => run.lhr));
  const noScripts = judge(chosen.noScripts.lhr, expected('noScripts'), undefined, medianTbt('noScripts'));
  const floor = judge(chosen.floor.lhr, expected('floor'), undefined, medianTbt('floor'));
  const real = judge(chosen.real.lhr, expected('real'), noScripts, medianTbt('real'));
  process.stdout.write('done\n');
  return {
    name: page.name,
    path: page.path,
    real,
    floor,
    noScripts,
    /** The real page against the framework floor page, and against the page without scripts. */
    toFloor: gapsTo(real, floor),
    toNoScripts: gapsTo(real, noScripts),
    loads,
    failing: failingAudits(chosen.real.lhr, expected('real')),
    /** Median observed blocking without a DevTools Runtime client. */
    visitor: { real: middle(traces.real, byBlocking), noScripts: middle(traces.noScripts, byBlocking) },
    /** What ran in the median audit's long tasks. */
    work: { real: workOfLoad(chosen.real.lhr), floor: workOfLoad(chosen.floor.lhr) },
  };
}
type Audited = Awaited<ReturnType<typeof auditPage>>;

/** The median run of each version, as Lighthouse wrote it: `<page>[.framework-floor|.no-scripts].report.{json,html}`. */
function writeReports(page: PageType, chosen: Record<Version, RunnerResult>): void {
  const file = page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'page';
  for (const version of VERSIONS) {
    const run = chosen[version];
    const [json, html] = Array.isArray(run.report) ? run.report : [run.report, undefined];
    const name = version === 'real' ? file : version === 'floor' ? `${file}.framework-floor` : `${file}.no-scripts`;
    writeFileSync(path.join(outDir, `${name}.report.json`), json ?? '');
    if (html !== undefined) writeFileSync(path.join(outDir, `${name}.report.html`), html);
    if (run.lhr.runtimeError) throw new Error(`${page.path} (${version}): ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
  }
}

const results: Audited[] = [];
try {
  for (const page of pages) results.push(await auditPage(page));
} finally {
  await floorProxy.stop();
  await proxy.stop();
  await site.stop();
}

const cell = (value: number | null, adjusted = false) => `${value ?? 'n/a'}${adjusted ? '*' : ''}`;
const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(0));
const verdict = (misses: readonly string[]) => (misses.length === 0 ? 'met' : `missed: ${misses.join('; ')}`);
console.log(`\n${machine(1)}, Lighthouse mobile preset, ${chromium} launched fresh for every audit, median of ${RUNS} alternating runs`);
console.log(`Chromium flags (chrome-launcher's defaults and this machine's): ${launcherFlags().join(' ')}`);
console.log(
  `Targets: Performance within ${TARGETS.performanceGap} points and FCP within ${TARGETS.fcpGapMs} ms of the page without scripts, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, Accessibility ${TARGETS.accessibility}, Best Practices ${TARGETS['best-practices']}, SEO ${TARGETS.seo}\n`,
);
console.log(
  markdownTable(
    'page | path | Performance with / without scripts | FCP ms with / without | TBT ms with / without | CLS | Accessibility | Best Practices | SEO | targets',
    results.map(
      ({ name, path: pagePath, real, noScripts }) =>
        `${name} | ${pagePath} | ${cell(real.scores.performance)} / ${cell(noScripts.scores.performance)} | ${ms(real.fcpMs)} / ${ms(noScripts.fcpMs)} | ${ms(real.tbtMs)} / ${ms(noScripts.tbtMs)} | ${real.cls?.toFixed(3) ?? 'n/a'} | ${(['accessibility', 'best-practices', 'seo'] as const).map((id) => cell(real.scores[id], real.adjusted.includes(id))).join(' | ')} | ${verdict(real.misses)}`,
    ),
  ),
);
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
const three = (page: Audited, figure: (scores: PageScores) => string) => VERSIONS.map((version) => figure(page[version])).join(' / ');
console.log(
  markdownTable(
    'page | Performance real / floor / no scripts | behind floor / no scripts | TBT ms real / floor / no scripts | TBT above floor / no scripts | load average at each audit (real; floor; no scripts) | floor targets',
    results.map(
      (page) =>
        `${page.name} | ${three(page, (scores) => cell(scores.scores.performance))} | ${ms(page.toFloor.performanceGap)} / ${ms(page.toNoScripts.performanceGap)} | ${three(page, (scores) => ms(scores.tbtMs))} | ${ms(page.toFloor.tbtGapMs)} / ${ms(page.toNoScripts.tbtGapMs)} | ${VERSIONS.map((version) => page.loads[version].map((load) => load.toFixed(1)).join(' ')).join('; ')} | ${verdict(page.toFloor.misses)}`,
    ),
  ),
);

console.log(
  '\nBlocking time as a visitor has it: observed at 4× CPU from the first contentful paint, no DevTools client enabling Runtime (scripts/lighthouse/visitorTrace.ts); medians\n',
);
console.log(
  markdownTable(
    'page | blocking ms with / without scripts | longest task ms with / without | V8 source positions ms with',
    results.map(
      ({ name, visitor: { real, noScripts } }) =>
        `${name} | ${ms(real.blockingMs)} / ${ms(noScripts.blockingMs)} | ${ms(real.longestTaskMs)} / ${ms(noScripts.longestTaskMs)} | ${ms(real.sourcePositionsMs)}`,
    ),
  ),
);

console.log(
  "\nWhat runs in the long tasks of the median audit (Lighthouse's long-tasks, mainthread-work-breakdown and bootup-time; start+duration ms at 4× CPU, script)\n",
);
const scriptsLine = (work: WorkOfLoad) =>
  work.byScript
    .slice(0, 4)
    .map((entry) => `${entry.script} ${entry.evaluationMs.toFixed(0)} (${entry.compileMs.toFixed(0)})`)
    .join(', ');
console.log(
  markdownTable(
    'page | version | long tasks | main thread by kind (ms) | scripts evaluated (ms, compile ms)',
    results.flatMap(({ name, work }) =>
      (['real', 'floor'] as const).map(
        (version) => `${name} | ${version} | ${longTaskLine(work[version])} | ${kindLine(work[version])} | ${scriptsLine(work[version])}`,
      ),
    ),
  ),
);

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
    chromium = `Chromium ${run?.artifacts.HostProduct.split('/')[1] ?? '(unknown)'}`;
    if (run?.lhr.runtimeError === undefined) break;
    process.stdout.write(`(${run.lhr.runtimeError.code}, again) `);
  }
  if (run === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
  return run;
}
