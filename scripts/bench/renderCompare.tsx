/**
 * The uncached render against React's own: built by `scripts/bench/uncachedRender.ts` with the
 * server's build options and run in a process of its own. For each path it times, one after
 * another, the event loop turning after each (medians of RENDERS each):
 * - "site": a request through the whole app with the page cache off (light-my-request, no
 *   socket): routing rules, loaders (content from its warm cache), React, Emotion's styles,
 *   the route data's JSON, the CSP hashes, the response;
 * - "react": `renderToPipeableStream` of the same element tree (the document, Emotion's cache
 *   provider, the static router) with the same loader data, written into the page for hydration
 *   as react-router writes it (`hydrate`), and the boot script, collected to the end — React's
 *   own cost, the floor of any server render of this tree that a browser can hydrate.
 * Prints one JSON line per path.
 */
import { Writable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { CacheProvider } from '@emotion/react';
import inject from 'light-my-request';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import type { ClientManifest } from '../../build/manifest.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/platform/config/env.ts';
import { createContentStack } from '../../server/platform/content/contentStack.ts';
import { loaderContent } from '../../server/platform/content/loaderContent.ts';
import { createLogger } from '../../server/platform/logging/logger.ts';
import { PATHS } from '../../server/platform/paths.ts';
import { bootScript } from '../../server/features/pages/ssr/bootScript.ts';
import { Document } from '../../server/platform/render/Document.tsx';
import { createRenderStyles } from '../../server/platform/render/emotionStyles.ts';
import { createServerRoutes } from '../../server/features/pages/ssr/serverRoutes.ts';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 200);
const paths = (process.argv[2] ?? '/').split(',');

const config = loadConfig({ NODE_ENV: 'production', PAGE_CACHE_MAX_MB: '0', LOG_LEVEL: 'silent' });
const logger = createLogger('silent');
const manifest = JSON.parse(readFileSync(PATHS.manifest, 'utf8')) as ClientManifest;
const content = createContentStack(config, logger);
const routes = await createServerRoutes();
const app = createApp({
  config,
  logger,
  manifest,
  routes,
  assetsDir: PATHS.assets,
  publicDir: PATHS.public,
  readiness: content.readiness,
  content: content.client,
  contentRouter: content.router,
  leads: () => Promise.reject(new Error('no leads in the render bench')),
});
const handler = createStaticHandler(routes);
const requestContext = {
  publicBaseUrl: config.publicBaseUrl,
  content: loaderContent(content.client),
  yandexMapsApiKey: config.yandexMapsApiKey,
  uploadLimits: config.forms,
  preview: false,
};

function reactRender(context: StaticHandlerContext): Promise<number> {
  return new Promise((resolve, reject) => {
    const styles = createRenderStyles();
    const { pipe } = renderToPipeableStream(
      <Document>
        <CacheProvider value={styles.cache}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate />
        </CacheProvider>
      </Document>,
      {
        bootstrapScriptContent: bootScript(manifest.entry, [manifest.entry, ...manifest.entryImports]),
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          let bytes = 0;
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, done) {
                bytes += chunk.length;
                done();
              },
              final(done) {
                resolve(bytes);
                done();
              },
            }),
          );
        },
        onShellError: reject,
      },
    );
  });
}

/** One request through the app, its body drained into a byte count like React's side below (no string built by the harness). */
async function siteRender(path: string): Promise<number> {
  const response = await inject(app, { method: 'GET', url: path, headers: { accept: 'text/html' }, payloadAsStream: true });
  let bytes = 0;
  for await (const chunk of response.stream()) bytes += (chunk as Buffer).length;
  if (bytes === 0) throw new Error(`${path}: an empty body`);
  return response.statusCode;
}

/**
 * One turn of the event loop, untimed, after each render. light-my-request's response socket lets go of every chunk
 * written to it in a `setImmediate`, which a loop of awaited promises never reaches: without the turn each request's
 * document stays held to the loop's end (366 MB of buffers after 1,890 requests), and copying into the grown process's
 * fresh memory made the site's later pages up to 1.6 times as slow (docs/performance.md). A server's loop turns between requests.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

for (const path of paths) {
  const url = `${config.publicBaseUrl}${path}`;
  const site: number[] = [];
  const react: number[] = [];
  let status = 0;
  let context: StaticHandlerContext | Response | undefined;
  // Warm: JIT, the content cache, the route matches.
  for (let i = 0; i < 30; i += 1) {
    status = await siteRender(path);
    context = await handler.query(new Request(url), { requestContext });
    if (!(context instanceof Response)) await reactRender(context);
    await turn();
  }
  if (context === undefined || context instanceof Response) throw new Error(`${path} is not a page`);
  // Alternating, so a drift of the shared machine touches both alike.
  for (let i = 0; i < RENDERS; i += 1) {
    let started = performance.now();
    await siteRender(path);
    site.push(performance.now() - started);
    await turn();
    started = performance.now();
    await reactRender(context);
    react.push(performance.now() - started);
    await turn();
  }
  const siteMs = medianOf(site);
  const reactMs = medianOf(react);
  console.log(JSON.stringify({ path, status, siteMs, reactMs, ratio: siteMs / reactMs }));
}
process.exit(0);
