import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PATHS, ROOT_DIR } from '../../server/platform/paths.ts';
import { pageTypes, type PageType } from '../support/pageTypes.ts';
import { startServer, type RunningServer } from '../support/startServer.ts';
import {
  KB,
  firstLoadScriptPaths,
  frameworkFloorGzip,
  gzipSize,
  inlineCss,
  renderBlockingThirdPartyScripts,
  resolveScriptFiles,
  servedFile,
  stylesheetReferences,
  type StaticRoots,
} from './pageWeight.ts';

// Payload budgets of the production build, judged on the real HTML of every page type and the
// real files in dist/client/assets, so a dependency or a page that grows past them fails
// `npm test` instead of a phone's first second.
//
// First-load JavaScript: the framework floor — react-dom 19 with react-router's data router, the
// stack this site is built on, measured below in this run from the installed versions — plus at
// most 21 KB gzip of the site's own code on every page type (docs/decisions/014: the owner's
// figure once the styles are left to Emotion's runtime, with no compiler of our own in the build).
// A fixed figure would judge the stack, which the site does not choose, rather than the site's own code.
const APP_FIRST_LOAD_ALLOWANCE = 21 * KB;
const BUDGET = {
  cssGzip: 20 * KB,
  homeHtmlGzip: 60 * KB,
} as const;
let firstLoadLimit = 0;
let frameworkFloor = 0;

const PAGES = pageTypes();
const ROOTS: StaticRoots = [
  ['/assets/', PATHS.assets],
  ['/', PATHS.public],
];

interface Figures {
  readonly status: number;
  readonly htmlGzip: number;
  readonly firstLoadJsGzip: number;
  readonly firstLoadFiles: number;
  readonly inlineCssGzip: number;
  readonly linkedCssGzip: number;
}

let site: RunningServer;
const html = new Map<string, { status: number; body: string }>();
const figures: Record<string, Figures> = {};

beforeAll(async () => {
  frameworkFloor = await frameworkFloorGzip();
  firstLoadLimit = frameworkFloor + APP_FIRST_LOAD_ALLOWANCE;
  // As production runs it: with the analytics tag and the maps key configured, so their
  // third-party scripts are judged too (they must load from JS, never block the HTML).
  site = await startServer({ LOG_LEVEL: 'warn', METRIKA_ID: '10000001', YANDEX_MAPS_API_KEY: 'budget-test-key' });
  // One page at a time: other test files share the two cores.
  for (const page of PAGES) {
    const response = await fetch(`${site.url}${page.path}`, { redirect: 'manual' });
    html.set(page.path, { status: response.status, body: await response.text() });
  }
});

afterAll(async () => {
  await site?.stop();
  // The figures behind the verdicts, for docs/performance.md and for whoever has to cut bytes.
  mkdirSync(path.join(ROOT_DIR, 'test-results'), { recursive: true });
  writeFileSync(
    path.join(ROOT_DIR, 'test-results', 'budgets.json'),
    `${JSON.stringify({ budget: BUDGET, frameworkFloor, firstLoadLimit, pages: figures }, null, 2)}\n`,
  );
});

/** The page's HTML, once it answered with its own status (a budget met by an error page is no budget). */
function pageHtml(page: PageType): string {
  const fetched = html.get(page.path);
  expect(fetched?.status, `${page.name} (${page.path}) answered ${fetched?.status}`).toBe(page.status);
  return fetched?.body ?? '';
}

function measure(page: PageType): Figures {
  const body = pageHtml(page);
  const files = resolveScriptFiles(firstLoadScriptPaths(body, site.url), ROOTS);
  const linked = stylesheetReferences(body).map((href) => {
    const url = new URL(href, site.url);
    // A stylesheet on another origin cannot be measured offline; it is over budget by definition.
    return url.origin === site.url ? gzipSize(readFileSync(servedFile(url.pathname, ROOTS))) : Infinity;
  });
  const result: Figures = {
    status: html.get(page.path)?.status ?? 0,
    htmlGzip: gzipSize(body),
    firstLoadJsGzip: files.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0),
    firstLoadFiles: files.length,
    inlineCssGzip: gzipSize(inlineCss(body)),
    linkedCssGzip: linked.reduce((sum, size) => sum + size, 0),
  };
  figures[page.name] = result;
  return result;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

test.each(PAGES)('$name ($path): first-load JavaScript is at most the framework floor + 21 KB gzip', (page) => {
  const { firstLoadJsGzip, firstLoadFiles } = measure(page);
  expect(firstLoadFiles, 'a page without its entry script cannot hydrate').toBeGreaterThan(0);
  expect(firstLoadJsGzip, `${kb(firstLoadJsGzip)} in ${firstLoadFiles} files; floor ${kb(frameworkFloor)}`).toBeLessThanOrEqual(
    firstLoadLimit,
  );
});

test.each(PAGES)('$name ($path): CSS, inlined or linked, is at most 20 KB gzip in total', (page) => {
  const { inlineCssGzip, linkedCssGzip } = measure(page);
  expect(inlineCssGzip + linkedCssGzip, `inline ${kb(inlineCssGzip)} + linked ${kb(linkedCssGzip)}`).toBeLessThanOrEqual(BUDGET.cssGzip);
});

test.each(PAGES)('$name ($path): no third-party script blocks rendering', (page) => {
  expect(renderBlockingThirdPartyScripts(pageHtml(page), site.url)).toEqual([]);
});

test('the home page HTML is at most 60 KB gzip', () => {
  const home = PAGES.find((page) => page.path === '/');
  if (home === undefined) throw new Error('the page list has no home page');
  const { htmlGzip } = measure(home);
  expect(htmlGzip, kb(htmlGzip)).toBeLessThanOrEqual(BUDGET.homeHtmlGzip);
});
