import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { productionAliases } from '../../build/productionAliases.ts';
import { bootScriptOf } from '../../server/features/pages/ssr/bootScript.ts';
import { ROOT_DIR } from '../../server/platform/paths.ts';

/** §9 "File size units 1024": a kilobyte here is 1024 bytes. */
export const KB = 1024;

/** Gzip size at zlib's default level, the one the compression middleware uses. */
export function gzipSize(bytes: Buffer | string): number {
  return gzipSync(bytes).length;
}

export type Attributes = ReadonlyMap<string, string>;

/**
 * The start tags named `name` in an HTML document with their attributes (names lowercased,
 * boolean attributes as ""). Enough for the server's own output, whose inline scripts and
 * styles never contain a raw `<` (React escapes them); not a general HTML parser.
 */
export function startTags(html: string, name: string): Attributes[] {
  const tags = html.matchAll(new RegExp(`<${name}\\b((?:[^>"']|"[^"]*"|'[^']*')*)>`, 'gi'));
  return [...tags].map(([, attributes = '']) => {
    const map = new Map<string, string>();
    for (const [, key = '', double, single, bare] of attributes.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
      map.set(key.toLowerCase(), decodeEntities(double ?? single ?? bare ?? ''));
    }
    return map;
  });
}

const decodeEntities = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** Where a script or preload points: a path on the site, or another origin. */
export function classify(reference: string, siteOrigin: string): { sameOrigin: boolean; url: URL } {
  const url = new URL(reference, siteOrigin);
  return { sameOrigin: url.origin === siteOrigin, url };
}

/**
 * JavaScript the browser fetches before the page is interactive: every `<script src>`,
 * `<link rel="modulepreload">` and what the boot script starts (server/features/pages/ssr/bootScript.ts) of the
 * site's own origin. Dynamic `import()` chunks are not part of it (they load on navigation).
 */
export function firstLoadScriptPaths(html: string, siteOrigin: string): string[] {
  const boot = bootScriptOf(html);
  const references = [
    ...startTags(html, 'script').flatMap((tag) => tag.get('src') ?? []),
    ...startTags(html, 'link')
      .filter((tag) => relOf(tag).includes('modulepreload'))
      .flatMap((tag) => tag.get('href') ?? []),
    ...(boot ? [boot.entry, ...boot.preloads] : []),
  ];
  const paths = references
    .map((reference) => classify(reference, siteOrigin))
    .filter(({ sameOrigin }) => sameOrigin)
    .map(({ url }) => url.pathname);
  return [...new Set(paths)];
}

/** Stylesheets the page links to (inline `<style>` elements are part of the HTML itself). */
export function stylesheetReferences(html: string): string[] {
  return startTags(html, 'link')
    .filter((tag) => relOf(tag).includes('stylesheet'))
    .flatMap((tag) => tag.get('href') ?? []);
}

/** Bytes of CSS inside `<style>` elements. */
export function inlineCss(html: string): string {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, css = '']) => css).join('');
}

/**
 * Third-party scripts that block rendering: a classic `<script src>` to another origin
 * without `async` or `defer` stops the parser until that origin answers.
 */
export function renderBlockingThirdPartyScripts(html: string, siteOrigin: string): string[] {
  return startTags(html, 'script').flatMap((tag) => {
    const src = tag.get('src');
    if (src === undefined || classify(src, siteOrigin).sameOrigin) return [];
    const deferred = tag.has('async') || tag.has('defer') || tag.get('type')?.toLowerCase() === 'module';
    return deferred ? [] : [src];
  });
}

const relOf = (tag: Attributes) => (tag.get('rel') ?? '').toLowerCase().split(/\s+/);

/** Built files that a module imports statically, read from esbuild's output. */
export function staticImportsOf(source: string): string[] {
  // Minified esbuild ESM: `import{a as b}from"./chunk-X.js"`, `import"./chunk-X.js"`,
  // `export{a}from"./chunk-X.js"`. No parenthesis is allowed between keyword and quote, so
  // dynamic `import("./chunk-X.js")` is not matched.
  const statements = source.matchAll(/(?:^|[;}\s])(?:import|export)(?:[^"'();]*?from)?\s*["'](\.{1,2}\/[^"']+\.js)["']/g);
  return [...new Set([...statements].map(([, specifier = '']) => specifier))];
}

/** URL prefix → directory the server serves it from (`/assets/` → `dist/client/assets`). */
export type StaticRoots = ReadonlyArray<readonly [prefix: string, dir: string]>;

/**
 * The files behind the given first-load script URLs and everything they import statically:
 * what the browser ends up downloading even when a preload is missing. Throws when the HTML
 * references a file that is not there.
 */
export function resolveScriptFiles(scriptPaths: readonly string[], roots: StaticRoots): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    if (!existsSync(file)) throw new Error(`${file} is imported but not in the build`);
    files.add(file);
    for (const specifier of staticImportsOf(readFileSync(file, 'utf8'))) visit(path.resolve(path.dirname(file), specifier));
  };
  for (const scriptPath of scriptPaths) visit(servedFile(scriptPath, roots));
  return [...files];
}

/** The file on disk that a site path is served from. */
export function servedFile(urlPath: string, roots: StaticRoots): string {
  const root = roots.find(([prefix]) => urlPath.startsWith(prefix));
  if (root === undefined) throw new Error(`${urlPath} is not under any served directory`);
  const [prefix, dir] = root;
  const file = path.resolve(dir, decodeURIComponent(urlPath.slice(prefix.length)));
  if (!file.startsWith(dir + path.sep)) throw new Error(`${urlPath} points outside ${dir}`);
  if (!existsSync(file)) throw new Error(`The page references ${urlPath}, which is not in the build`);
  return file;
}

/**
 * The framework floor: the smallest client this stack can ship, react-dom's hydrateRoot with
 * react-router's data router and nothing else. Its one definition, for the first-load budget here
 * and for the framework floor page `npm run lighthouse` audits (scripts/lighthouse/frameworkFloor.ts):
 * a module that loads and evaluates them all and exports the hydration, so nothing is left out of
 * the bundle and nothing is hydrated by loading it.
 */
export const FRAMEWORK_FLOOR_SOURCE = `import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
export const hydrate = () => hydrateRoot(document, createElement(RouterProvider, { router: createBrowserRouter([]) }));`;

/** The framework floor bundled with the site's own esbuild settings: one ES module file. */
export async function frameworkFloorBundle(): Promise<Uint8Array> {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents: FRAMEWORK_FLOOR_SOURCE, resolveDir: ROOT_DIR, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
    define: { 'process.env.NODE_ENV': '"production"' },
    // The same react-router build the site's bundle uses (build/productionAliases.ts).
    alias: productionAliases(),
    write: false,
    logLevel: 'silent',
  });
  const [file, ...others] = result.outputFiles;
  if (file === undefined || others.length > 0) throw new Error('the framework floor is one file');
  return file.contents;
}

/** The framework floor's gzip size: the part of a page's first-load JavaScript above it is the site's own. */
export async function frameworkFloorGzip(): Promise<number> {
  return gzipSize(Buffer.from(await frameworkFloorBundle()));
}
