import type { RequestListener } from 'node:http';
import { existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import { runInNewContext } from 'node:vm';
import { CacheProvider, css, Global, jsx, keyframes } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import * as esbuild from 'esbuild';
import express, { type Request as ExpressRequest } from 'express';
import inject from 'light-my-request';
import { createElement, Suspense, useId, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import {
  createBrowserRouter,
  createStaticHandler,
  createStaticRouter,
  data,
  generatePath,
  isRouteErrorResponse,
  redirect,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { productionAliases } from '../../build/productionAliases.ts';
import { loadConfig } from '../../server/platform/config/env.ts';
import { Document } from '../../server/platform/render/Document.tsx';
import { createRenderStyles } from '../../server/platform/render/emotionStyles.ts';
import { hydrationDataBlock } from '../../server/features/pages/ssr/hydrationData.ts';
import { routeDataTextOf } from '../support/inlineElements.ts';
import { HYDRATION_DATA_SELECTOR, installHydrationData } from '../../client/hydrationData.ts';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { ERROR_TEXTS } from '../../shared/app/ErrorPage.tsx';
import { ADOPTED_SHEET_ATTRIBUTE, createEmotionCache } from '../../shared/theme/emotionCache.ts';

// What the site's code takes for granted about the internals of React, react-dom/server,
// react-router, Express 5 and Emotion: each assumption one test, with the code that relies on it
// named above it. A test here failing after an upgrade names the module to change; a passing file
// is what an upgrade of these libraries must leave behind. What only a browser shows (React keeping
// a static part's server HTML at hydration, shared/ui/StaticPart.tsx; the ids of `useId` after
// hydration) is checked in tests/browser/hydration.test.ts and tests/browser/forms.test.ts.

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A React tree rendered as the page handler renders it: to the end, then read whole. */
function renderDocument(node: ReactNode, options: { progressiveChunkSize?: number } = {}) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      ...options,
      onAllReady() {
        let html = '';
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              html += chunk.toString('utf8');
              done();
            },
            final(done) {
              resolve(html);
              done();
            },
          }),
        );
      },
      onShellError: reject,
    });
  });
}

// ——— React and react-dom/server ———

// server/platform/render/Document.tsx: the document has no `<head>` of its own; React writes one, hoists the
// pages' `<title>` and `<meta>` into it, and `completeDocument` puts the document's head after it.
test('react-dom/server writes the <head> a document lacks and hoists <title> and <meta> into it', async () => {
  const html = await renderDocument(
    createElement(
      'html',
      null,
      createElement(
        'body',
        null,
        createElement('title', null, 'Верфь'),
        createElement('meta', { name: 'description', content: 'Студия' }),
        createElement('p', null, 'текст'),
      ),
    ),
  );
  expect(html).toMatch(/^<!DOCTYPE html><html><head><title>Верфь<\/title><meta name="description" content="Студия"\/><\/head><body>/);
});

// server/platform/render/Document.tsx (`completeDocument`, `withDocumentHead`), server/platform/http/errorPage.tsx
// (`withCanonicalLink`): the first `<head>` and `</head>` and the last `</body>` of a rendered
// document are the document's own, because React escapes `<` in every text and attribute it
// renders and writes `</body></html>` last.
test('react-dom/server escapes < in text and attributes, so no content can add a <head>, </head> or </body> of its own', async () => {
  const tags = '</head><head></body>';
  const html = await renderDocument(
    createElement('html', null, createElement('body', null, createElement('p', { title: tags }, tags), createElement('p', null, 'после'))),
  );
  expect(html.indexOf('<head>')).toBe(html.lastIndexOf('<head>'));
  expect(html.indexOf('</head>')).toBe(html.lastIndexOf('</head>'));
  expect(html.indexOf('</body>')).toBe(html.lastIndexOf('</body>'));
  expect(html.endsWith('</body></html>')).toBe(true);
  expect(html).toContain('&lt;/head&gt;&lt;head&gt;&lt;/body&gt;');
});

// server/features/pages/ssr/pageHandler.tsx and shellErrorPage.tsx: `progressiveChunkSize: Infinity` keeps a large
// finished Suspense boundary (the lazily hydrated forms) inline, so the page is whole without script.
test('react-dom/server keeps a large finished Suspense boundary inline when progressiveChunkSize is Infinity', async () => {
  const big = 'я'.repeat(20_000);
  const tree = createElement(
    'html',
    null,
    createElement('body', null, createElement(Suspense, { fallback: 'загрузка' }, createElement('p', null, big))),
  );
  const html = await renderDocument(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  expect(html).toContain(`<p>${big}</p>`);
  expect(html).not.toContain('hidden id="S:');
  expect(html).not.toContain('загрузка');
});

// server/platform/render/Document.tsx: `#app` is the only child on the way up to `<html>`, so the ids `useId`
// gives inside it are the ones the browser's root (`#app` itself) gives at hydration.
test("React's useId gives the same ids under the document's single-child wrappers as at the root", () => {
  function Field() {
    const id = useId();
    return createElement('label', { id }, 'поле');
  }
  const app = () => createElement('form', null, createElement(Field), createElement(Field));
  const ids = (html: string) => [...html.matchAll(/id="(_[^"]*)"/g)].map((match) => match[1]);
  const atRoot = ids(renderToString(app()));
  expect(atRoot).toHaveLength(2);
  expect(ids(renderToString(createElement(Document, null, app())))).toEqual(atRoot);
});

// ——— react-router ———

const SERVER_ROUTES: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: ({ context }) => (context as { agency: string }).agency,
    children: [
      { id: 'page', path: 'page', loader: () => 'страница', Component: () => createElement('main', null, 'страница') },
      {
        id: 'missing',
        path: 'missing',
        loader: () => {
          throw data('Page Not Found', { status: 404, statusText: 'Not Found' });
        },
      },
      {
        id: 'broken',
        path: 'broken',
        loader: () => {
          throw new Error('внутренняя ошибка');
        },
      },
      { id: 'moved', path: 'moved', loader: () => redirect('/page/', 301) },
    ],
  },
];

const query = (path: string, options: Parameters<ReturnType<typeof createStaticHandler>['query']>[1] = {}) =>
  createStaticHandler(SERVER_ROUTES).query(new Request(`https://verf.test${path}`), {
    requestContext: { agency: 'Верфь </script>' },
    ...options,
  });

async function contextOf(path: string): Promise<StaticHandlerContext> {
  const context = await query(path);
  if (context instanceof Response) throw new Error(`${path} redirected`);
  return context;
}

// server/features/pages/ssr/pageHandler.tsx: a loader's redirect comes back as a `Response` (sent through
// server/platform/http/redirect.ts); otherwise the context carries the status, the loader data by route id
// and the errors by the route whose boundary shows them; `requestContext` is the loaders' `context`.
test("react-router's static handler answers a redirect as a Response and a page as a context with status, data and errors", async () => {
  const moved = await query('/moved');
  expect(moved).toBeInstanceOf(Response);
  expect((moved as Response).status).toBe(301);
  expect((moved as Response).headers.get('Location')).toBe('/page/');

  const page = await contextOf('/page');
  expect(page.statusCode).toBe(200);
  expect(page.loaderData).toEqual({ root: 'Верфь </script>', page: 'страница' });
  expect(page.errors).toBeNull();

  const missing = await contextOf('/missing');
  expect(missing.statusCode).toBe(404);
  expect(Object.keys(missing.errors ?? {})).toEqual(['root']);
  expect(isRouteErrorResponse(missing.errors?.root)).toBe(true);
});

// server/features/pages/ssr/pageHandler.tsx (data requests) and shellErrorPage.tsx (the root loader alone):
// `filterMatchesToLoad` runs only the loaders asked for, and `skipLoaderErrorBubbling` keeps an
// error on the route that threw it, where the browser's data strategy looks for it.
test("react-router's filterMatchesToLoad runs only the chosen loaders and skipLoaderErrorBubbling keeps an error on its route", async () => {
  const onlyMissing = await query('/missing', {
    filterMatchesToLoad: (match) => match.route.id === 'missing',
    skipLoaderErrorBubbling: true,
  });
  if (onlyMissing instanceof Response) throw new Error('redirected');
  expect(onlyMissing.statusCode).toBe(404);
  expect(Object.keys(onlyMissing.errors ?? {})).toEqual(['missing']);
  expect(onlyMissing.loaderData.root).toBeUndefined();

  const onlyRoot = await query('/broken', { filterMatchesToLoad: (match) => match.route.id === 'root' });
  if (onlyRoot instanceof Response) throw new Error('redirected');
  expect(onlyRoot.errors).toBeNull();
  expect(onlyRoot.loaderData.root).toBe('Верфь </script>');
});

// client/hydrationData.ts puts the route data server/features/pages/ssr/hydrationData.ts writes into
// `window.__staticRouterHydrationData`: `createBrowserRouter` without `hydrationData` takes the
// server's data from that global and turns the serialized errors (`__type` 'RouteErrorResponse' or
// 'Error') back into errors.
test("react-router's browser router hydrates from the global and the error shapes the route data block holds", async () => {
  const browserRoutes = (): RouteObject[] => [
    {
      id: 'root',
      path: '/',
      loader: () => {
        throw new Error('a hydrated route must not load again');
      },
      children: ['page', 'missing', 'broken'].map((id) => ({
        id,
        path: id,
        loader: () => {
          throw new Error('a hydrated route must not load again');
        },
      })),
    },
  ];
  const hydrate = (path: string, block: string) => {
    const window: Record<string, unknown> = {
      location: new URL(`https://verf.test${path}`),
      history: { state: null, replaceState() {}, pushState() {} },
      addEventListener() {},
      removeEventListener() {},
    };
    const textContent = routeDataTextOf(block);
    vi.stubGlobal('window', window);
    vi.stubGlobal('document', {
      defaultView: window,
      querySelector: (selector: string) => (selector === HYDRATION_DATA_SELECTOR ? { textContent } : null),
    });
    installHydrationData();
    const router = createBrowserRouter(browserRoutes());
    const state = router.state;
    router.dispose();
    return state;
  };

  const page = await contextOf('/page');
  const hydratedPage = hydrate('/page', hydrationDataBlock(page));
  expect(hydratedPage.initialized).toBe(true);
  expect(hydratedPage.loaderData).toEqual(page.loaderData);

  const missing = hydrate('/missing', hydrationDataBlock(await contextOf('/missing')));
  expect(missing.initialized).toBe(true);
  const notFound = missing.errors?.root;
  expect(isRouteErrorResponse(notFound)).toBe(true);
  expect(notFound).toMatchObject({ status: 404, statusText: 'Not Found', data: 'Page Not Found' });

  const broken = hydrate('/broken', hydrationDataBlock(await contextOf('/broken')));
  expect(broken.initialized).toBe(true);
  expect(broken.errors?.root).toBeInstanceOf(Error);
  expect((broken.errors?.root as Error).message).toBe(ERROR_TEXTS.appErrorHint);
});

// server/features/pages/ssr/pageHandler.tsx writes the route data itself (a JSON block, hydrationData.ts), and
// shellErrorPage.tsx none; with `hydrate={false}` react-router must not write a script of its own.
test("react-router's StaticRouterProvider with hydrate={false} writes no hydration script of its own", async () => {
  const handler = createStaticHandler(SERVER_ROUTES);
  const context = await contextOf('/page');
  const html = renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
  expect(html).not.toContain('__staticRouterHydrationData');
  expect(html).not.toContain('<script');
});

// server/platform/render/shellErrorPage.tsx hands the error page a plain `{ status, statusText, internal, data }`
// object as a 404, which the page tells apart with `isRouteErrorResponse`.
test("react-router's isRouteErrorResponse accepts a plain object of the error response's shape", () => {
  expect(isRouteErrorResponse({ status: 404, statusText: 'Not Found', internal: false, data: 'Page Not Found' })).toBe(true);
  expect(isRouteErrorResponse(new Error('x'))).toBe(false);
});

// client/dataStrategy.ts (`toastOnFailure`) reads the status of what client/navigation/dataPayloads.ts
// throws, `data(null, { status })`, from its `init`.
test("react-router's data() keeps the status it was given in init.status", () => {
  expect((data(null, { status: 503 }) as unknown as { init?: { status?: number } }).init?.status).toBe(503);
});

// shared/routes/links.ts (`href`): it encodes the catch-all segment by segment itself and adds
// the trailing slash, because `generatePath` encodes a named parameter, inserts `*` as it is and
// drops the path's trailing slash.
test("react-router's generatePath encodes named params, inserts the catch-all raw and drops the trailing slash", () => {
  expect(generatePath('/blog/:slug/', { slug: 'a b/в' })).toBe('/blog/a%20b%2F%D0%B2');
  expect(generatePath('/services/*', { '*': 'prodvizhenie/seo%20x' })).toBe('/services/prodvizhenie/seo%20x');
});

// build/productionAliases.ts (the site's build and the first-load budget's floor): react-router's
// production build is reached by its path, which its `exports` map does not list.
test("react-router's production build is where the build's aliases point, without development warnings", async () => {
  const aliases = productionAliases();
  for (const file of Object.values(aliases)) expect(existsSync(file)).toBe(true);
  const built = await esbuild.build({
    stdin: { contents: "export { createBrowserRouter } from 'react-router';", resolveDir: ROOT_DIR },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    alias: aliases,
    logLevel: 'silent',
  });
  expect(built.outputFiles[0]?.text).toMatch(/ENABLE_DEV_WARNINGS = false/);
});

// ——— Express 5 ———

// server/app.ts: the Express app is itself Node's request listener: the page cache's front
// (server/features/pages/pageCache/cachedPages.ts) calls it as `app(req, res)`, and a request no route answers
// still gets an answer.
test("Express's app is a request listener that answers with two arguments, an unmatched request included", async () => {
  const app = express();
  app.get('/page/', (_req, res) => {
    res.send('страница');
  });
  const listener: RequestListener = app;
  const page = await inject(listener, { url: '/page/' });
  expect(page.statusCode).toBe(200);
  expect(page.payload).toBe('страница');
  expect((await inject(listener, { url: '/nothing/' })).statusCode).toBe(404);
});

// server/platform/http/redirect.ts: the Location is checked and then handed to `res.location`, which
// percent-encodes what a header cannot carry and never decodes what is encoded already.
test("Express's res.location encodes the target and never decodes it", async () => {
  const app = express();
  app.get('/', (_req, res) => {
    res.location('/блог/a b/%D0%B0/?q=<x>').end();
  });
  const response = await inject(app, { url: '/' });
  expect(response.headers.location).toBe('/%D0%B1%D0%BB%D0%BE%D0%B3/a%20b/%D0%B0/?q=%3Cx%3E');
});

// server/platform/config/env.ts (`PROXY_RANGE_NAMES`) accepts Express's names of address ranges in
// TRUST_PROXY and server/app.ts hands them to `trust proxy` as they are.
test("Express's trust proxy knows the range names TRUST_PROXY accepts", async () => {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://verf.test', TRUST_PROXY: 'loopback,linklocal,uniquelocal' });
  const app = express();
  app.set('trust proxy', config.trustProxy);
  app.get('/', (req, res) => {
    res.send(req.ip);
  });
  const clientAddress = async (remoteAddress: string) =>
    (await inject(app, { url: '/', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.9' } })).payload;
  for (const proxy of ['127.0.0.1', '169.254.10.1', '10.1.2.3']) expect(await clientAddress(proxy)).toBe('203.0.113.9');
  expect(await clientAddress('198.51.100.7')).toBe('198.51.100.7');
  expect(() => express().set('trust proxy', ['no-such-range'])).toThrow();
});

// server/platform/http/accessLog.ts: a response's route is found from `res.req.originalUrl`
// once it has finished, because a router mounted at a prefix (/_ipx) strips it from `req.url`.
test("Express keeps the full path in originalUrl and strips a mount's prefix from url, as res.req shows when the response finishes", async () => {
  const app = express();
  const seen: { url?: string; originalUrl?: string; sameRequest?: boolean } = {};
  const images = express.Router();
  images.get('/w_100/photo.png', (req, res) => {
    res.on('finish', () => {
      const request = res.req as ExpressRequest;
      Object.assign(seen, { url: request.url, originalUrl: request.originalUrl, sameRequest: request === req });
    });
    res.send('png');
  });
  app.use('/_ipx', images);
  await inject(app, { url: '/_ipx/w_100/photo.png' });
  expect(seen).toEqual({ url: '/w_100/photo.png', originalUrl: '/_ipx/w_100/photo.png', sameRequest: true });
});

// ——— Emotion ———

// server/platform/render/emotionStyles.ts: making the @emotion/server instance puts the cache in compat mode,
// so the render writes no `<style>` into the markup and keeps each rule's CSS in the cache.
test("@emotion/server's instance puts the cache in compat mode: no style in the markup, the rules kept in the cache", () => {
  const cache = createEmotionCache();
  createEmotionServer(cache);
  expect(cache.compat).toBe(true);
  const red = css({ color: 'red' });
  const html = renderToString(jsx(CacheProvider, { value: cache }, jsx('p', { css: red }, 'текст')));
  expect(html).not.toContain('<style');
  expect(cache.inserted[red.name]).toMatch(/color:red/);
});

// server/platform/render/emotionStyles.ts applies @emotion/server's rule for the rules a document needs
// without its scan: the class rules whose `css-NAME` the HTML uses (the cache registers them under
// that name) and every rule it does not register (`<Global>` styles, keyframes). Keyframes are told
// apart from `<Global>` styles by Emotion's `animation-HASH` names.
test("the server's sheet holds exactly the rules @emotion/server's extractCriticalToChunks picks, keyframes named animation-HASH", () => {
  const styles = createRenderStyles();
  const server = createEmotionServer(styles.cache);
  const spin = keyframes({ to: { transform: 'rotate(1turn)' } });
  expect(spin.name).toMatch(/^animation-[\w-]+$/);
  // Inserted by a render whose markup the document does not have.
  renderToString(jsx(CacheProvider, { value: styles.cache }, jsx('i', { css: css({ color: 'olive' }) })));
  const html = renderToString(
    jsx(
      CacheProvider,
      { value: styles.cache },
      jsx(Global, { styles: { body: { margin: 0 } } }),
      jsx('p', { css: css({ animation: `${spin} 1s` }) }, 'текст'),
      jsx('b', { css: css({ color: 'teal' }) }),
    ),
  );
  const chunks = server.extractCriticalToChunks(html).styles;
  const keyframeChunks = chunks.filter((chunk) => chunk.key === 'css-global' && chunk.ids.every((id) => id.startsWith('animation-')));
  expect(keyframeChunks.map((chunk) => chunk.ids)).toEqual([[spin.name]]);
  const picked = chunks.flatMap((chunk) => chunk.ids).sort();
  expect(picked).toHaveLength(4);
  const sheet = styles.sheetOf(Buffer.from(html)).tags.toString('utf8');
  const written = [...sheet.matchAll(/data-emotion(?:-adopted)?="[\w-]+ ([^"]+)"/g)].flatMap((match) => match[1]?.split(' ') ?? []).sort();
  expect(written).toEqual(picked);
  expect(sheet).not.toContain('olive');
});

// server/platform/render/emotionStyles.ts hashes each chunk's CSS for the CSP (style-src-elem), so Emotion
// must write it between the tags as it is, in a tag that names the key and the ids.
test("@emotion/server's constructStyleTagsFromChunks writes each chunk's CSS as it is in a data-emotion tag", () => {
  const server = createEmotionServer(createEmotionCache());
  const tags = server.constructStyleTagsFromChunks({
    html: '',
    styles: [
      { key: 'css-global', ids: ['g1'], css: 'body{margin:0;}' },
      { key: 'css', ids: ['a1', 'b2'], css: '.css-a1{content:"→ <";}.css-b2{color:red;}' },
    ],
  });
  expect(tags).toBe(
    '<style data-emotion="css-global g1">body{margin:0;}</style><style data-emotion="css a1 b2">.css-a1{content:"→ <";}.css-b2{color:red;}</style>',
  );
});

/** Just enough of the DOM for Emotion's browser cache: style elements, text nodes, a head. */
class FakeNode {
  parentNode: FakeElement | null = null;
  get nextSibling(): FakeNode | null {
    const siblings = this.parentNode?.childNodes ?? [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }
}

class FakeText extends FakeNode {
  constructor(readonly data: string) {
    super();
  }
}

class FakeElement extends FakeNode {
  readonly childNodes: FakeNode[] = [];
  readonly attributes = new Map<string, string>();
  readonly sheet = {
    cssRules: [] as string[],
    insertRule(rule: string, index: number) {
      this.cssRules.splice(index, 0, rule);
      return index;
    },
  };
  constructor(readonly tagName: string) {
    super();
  }
  get firstChild(): FakeNode | null {
    return this.childNodes[0] ?? null;
  }
  get textContent(): string {
    return this.childNodes.map((node) => (node instanceof FakeText ? node.data : '')).join('');
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  appendChild(node: FakeNode) {
    return this.insertBefore(node, null);
  }
  insertBefore(node: FakeNode, before: FakeNode | null) {
    node.parentNode?.removeChild(node);
    const at = before === null ? this.childNodes.length : this.childNodes.indexOf(before);
    this.childNodes.splice(at < 0 ? this.childNodes.length : at, 0, node);
    node.parentNode = this;
    return node;
  }
  removeChild(node: FakeNode) {
    this.childNodes.splice(this.childNodes.indexOf(node), 1);
    node.parentNode = null;
    return node;
  }
}

const EMOTION_ATTRIBUTE_PREFIX = /^style\[data-emotion\^="([^"]*)"\]$/;

/** A style tag as the server writes it: its attribute (Emotion's or the adopted sheet's), whether marked `data-s`, its CSS. */
interface ServerStyleTag {
  readonly name: string;
  readonly value: string;
  readonly marked: boolean;
  readonly css: string;
}

/** A document whose head holds the given server-written style tags; unknown selectors throw (the canary must notice). */
function fakeDocument(styleTags: readonly ServerStyleTag[]) {
  const head = new FakeElement('head');
  for (const { name, value, marked, css: text } of styleTags) {
    const style = new FakeElement('style');
    style.setAttribute(name, value);
    if (marked) style.setAttribute('data-s', '');
    style.appendChild(new FakeText(text));
    head.appendChild(style);
  }
  const styles = () => head.childNodes.filter((node): node is FakeElement => node instanceof FakeElement && node.tagName === 'style');
  return {
    head,
    createElement: (tagName: string) => new FakeElement(tagName),
    createTextNode: (text: string) => new FakeText(text),
    querySelectorAll(selector: string): FakeElement[] {
      if (selector === 'style[data-emotion]:not([data-s])')
        return styles().filter((node) => node.getAttribute('data-emotion') !== null && node.getAttribute('data-s') === null);
      if (selector === `style[${ADOPTED_SHEET_ATTRIBUTE}]`)
        return styles().filter((node) => node.getAttribute(ADOPTED_SHEET_ATTRIBUTE) !== null);
      const prefix = EMOTION_ATTRIBUTE_PREFIX.exec(selector)?.[1];
      if (prefix !== undefined) return styles().filter((node) => node.getAttribute('data-emotion')?.startsWith(prefix) === true);
      throw new Error(`the fake document does not know the selector ${selector}`);
    },
  };
}

let browserEmotionSource: Promise<string> | undefined;

/** shared/theme/emotionCache.ts as the site's browser bundle has it: @emotion/cache's browser build, in production. */
function browserEmotionCache(document: ReturnType<typeof fakeDocument>) {
  browserEmotionSource ??= esbuild
    .build({
      entryPoints: ['shared/theme/emotionCache.ts'],
      absWorkingDir: ROOT_DIR,
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'site',
      platform: 'browser',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    })
    .then((result) => result.outputFiles[0]?.text ?? '');
  return browserEmotionSource.then((source) => {
    const context: { document: typeof document; site?: { createEmotionCache(): ReturnType<typeof createEmotionCache> } } = { document };
    runInNewContext(source, context);
    return context.site!.createEmotionCache();
  });
}

/** The style tags the server writes at the end of `<head>` for a render (server/platform/render/emotionStyles.ts). */
function serverStyleTags() {
  const styles = createRenderStyles();
  const spin = keyframes({ to: { transform: 'rotate(1turn)' } });
  const body = renderToString(
    jsx(
      CacheProvider,
      { value: styles.cache },
      jsx(Global, { styles: { body: { margin: 0 } } }),
      jsx('p', { css: css({ color: 'teal', animation: `${spin} 1s` }) }, 'текст'),
    ),
  );
  const html = styles.sheetOf(Buffer.from(body)).tags.toString('utf8');
  return [...html.matchAll(/<style( data-s="")? ([\w-]+)="([^"]+)">([^<]*)<\/style>/g)].map(
    ([, mark, name = '', value = '', text = '']): ServerStyleTag => ({ name, value, marked: mark !== undefined, css: text }),
  );
}

// server/platform/render/emotionStyles.ts and shared/theme/emotionCache.ts: the browser's cache, made before
// hydration, takes the names of the server's class sheet (`data-emotion-adopted="css NAME NAME…"`) as
// already inserted, so hydration inserts none of those rules again.
test("Emotion's browser cache adopts the server's class sheet as already inserted", async () => {
  const tags = serverStyleTags();
  const sheet = tags.find((tag) => tag.name === ADOPTED_SHEET_ATTRIBUTE);
  expect(sheet?.value).toMatch(/^css /);
  const document = fakeDocument(tags);
  const cache = await browserEmotionCache(document);
  const names = sheet!.value.split(' ').slice(1);
  expect(names.length).toBeGreaterThanOrEqual(2);
  for (const name of names) expect(cache.inserted[name]).toBe(true);
  expect(document.head.childNodes).toHaveLength(tags.length);
});

// server/platform/render/emotionStyles.ts (`asAdopted`): the server's tags are in <head> already. Emotion's
// browser cache moves an unmarked tag there again and hydrates each `data-emotion="css …"` tag by
// inserting it anew; either move restyles the whole page during hydration.
test("Emotion's browser cache leaves the server's style tags where they are", async () => {
  const tags = serverStyleTags();
  expect(tags.map((tag) => tag.name)).toEqual(['data-emotion', ADOPTED_SHEET_ATTRIBUTE]);
  expect(tags[0]?.marked).toBe(true);
  const document = fakeDocument(tags);
  const before = [...document.head.childNodes];
  let moves = 0;
  const insert = document.head.insertBefore.bind(document.head);
  document.head.insertBefore = (node, reference) => {
    if (node.parentNode !== null) moves += 1;
    return insert(node, reference);
  };
  await browserEmotionCache(document);
  expect(moves).toBe(0);
  expect(document.head.childNodes).toEqual(before);
});

// server/platform/http/securityHeaders.ts (`EMPTY_STYLE`): in production Emotion's browser cache adds
// a new sheet as an empty `<style>` and fills it through `insertRule`, so the only style element
// text the CSP must allow besides the server's is the empty one.
test("Emotion's browser cache in production inserts rules through insertRule into an empty style element", async () => {
  const document = fakeDocument([]);
  const cache = await browserEmotionCache(document);
  cache.insert('.css-new', { name: 'new', styles: 'color:red;' }, cache.sheet, true);
  const added = document.head.childNodes.filter((node): node is FakeElement => node instanceof FakeElement);
  expect(added).toHaveLength(1);
  expect(added[0]?.getAttribute('data-emotion')).toBe('css');
  expect(added[0]?.textContent).toBe('');
  expect(added[0]?.sheet.cssRules).toEqual(['.css-new{color:red;}']);
});
