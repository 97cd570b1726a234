// First: what follows evaluates with stack capture off (docs/decisions/026).
import './noStackTracesWhileEvaluating.ts';
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ErrorPage, SiteHeader } from '../shared/app/root.tsx';
import { preloadModal } from '../shared/layout/ModalRoot.tsx';
import { failedChunk } from '../shared/browser/chunkLoader.ts';
import { loadWithItsParts } from '../shared/browser/lazyServerRendered.tsx';
import { buildRouteObjects } from '../shared/app/routeObjects.ts';
import { ROUTES, type PageName } from '../shared/routes/table.ts';
import { createEmotionCache } from '../shared/theme/emotionCache.ts';
import { readBrowserConfig } from '../shared/browser/browserConfig.ts';
import { startAnalytics } from './analytics/startAnalytics.ts';
import { dataStrategy } from './dataStrategy.ts';
import { installHydrationData } from './hydrationData.ts';
import { loadPage, type BrowserPage } from './loadPage.ts';
import { reloadOnChunkLoadFailure } from './freshness/reloadOnChunkLoadFailure.ts';
import { startPrefetching } from './navigation/prefetchLinks.ts';
import { whenIdle } from '../shared/browser/whenIdle.ts';

// `dataStrategy` makes one server request per navigation; a route still needs a `loader` to ask.
const serverData = () => null;

// §8: listening before the page's chunk is asked for, so a first-load failure reloads once too.
reloadOnChunkLoadFailure();

const pageOfRoute = new Map<string, PageName>(ROUTES.map((entry) => [entry.id, entry.page]));
const pageRoute = (module: BrowserPage) => ({ Component: module.default, handle: { meta: module.meta } });

const routes: RouteObject[] = buildRouteObjects(serverData, (entry) => ({
  loader: serverData,
  // A navigation waits for the body and its parts too (build/clientPageModules.ts); §8 failedChunk.
  lazy: async () => {
    const module = await loadPage(entry.page).catch((error: unknown) => failedChunk(error, entry.id));
    await loadWithItsParts(async () => module.default.preload?.()).catch((error: unknown) => failedChunk(error, entry.id));
    return pageRoute(module);
  },
}));

/** Settles in a later task: the browser may paint, or take a tap, between two parts of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function hydrate() {
  // The page's lazy chunk resolved before hydrating, or React hydrates a fallback over the server's HTML.
  const matches = matchRoutes(routes, window.location) ?? [];
  const hydrationData = installHydrationData();
  // Asked for with the page's, not awaited: a tap on the call-to-action right after hydration finds it.
  preloadModal();
  await Promise.all([
    // The header's controls hydrate first: a tap on them waits for nothing else (decision 017).
    SiteHeader.preload(),
    hydrationData?.errors ? ErrorPage.preload() : undefined,
    ...matches.map(async ({ route }) => {
      const page = route.id === undefined ? undefined : pageOfRoute.get(route.id);
      if (page === undefined) return;
      const module = await loadPage(page);
      // The body hydrates when its chunk arrives; the shell does not wait for it.
      void module.default.preload?.();
      Object.assign(route, { ...pageRoute(module), lazy: undefined });
    }),
  ]);

  // The route data parsed and the chunks in, the router and the hydration start in a task of their own.
  await nextTask();
  const router = createBrowserRouter(routes, { dataStrategy });
  // §7: before hydration, so the first effects (the 404 page's goal) find analytics configured.
  const browserConfig = readBrowserConfig(document);
  startAnalytics(router, browserConfig);
  // §2 prefetch, started before hydration so a link pointed at once interactive is prefetched too.
  startPrefetching(routes);
  // Not needed for the first view, so chunks of their own from the first idle moment: §4/§8 reload
  // on a new build or a missing chunk, §2 back and forward keep the visitor's place, §5 UTM capture.
  whenIdle(() => {
    void import('./freshness/startFreshness.ts').then(({ startFreshness }) => startFreshness(router, browserConfig.buildId));
  });
  whenIdle(() => {
    void import('./navigation/scrollRestoration.ts').then(({ startScrollRestoration }) => startScrollRestoration(router));
  });
  const landingSearch = window.location.search;
  whenIdle(() => {
    void import('../shared/forms/utm.ts').then(({ captureUtmParams }) => captureUtmParams(landingSearch));
  });
  const container = document.getElementById('app');
  if (container === null) throw new Error('#app is missing');
  // A transition hydrates in 5 ms slices, input first (react-router's entry.client does the same).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <CacheProvider value={createEmotionCache()}>
          <RouterProvider router={router} />
        </CacheProvider>
      </StrictMode>,
    );
  });
  // Field data of the sampled views (VITALS_SAMPLE_RATE); a failed chunk costs the data, never a reload.
  if (Math.random() < browserConfig.vitalsSampleRate) {
    whenIdle(
      () =>
        void import('./vitals/startVitals.ts').then(
          ({ startVitals }) => startVitals(router),
          () => undefined,
        ),
    );
  }
}

// In a task of its own, not the module's body: a recorded request's stack through it makes V8 parse
// the first-load chunk again (docs/decisions/026), and on a phone the evaluation's task with the
// start of hydration in it runs past 50 ms (docs/performance.md, "Home's long tasks split").
setTimeout(() => void hydrate(), 0);
