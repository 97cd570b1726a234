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

// Loaders never run in the browser: `dataStrategy` replaces every call with one request to
// the server. A route still needs a `loader` for react-router to ask for its data.
const serverData = () => null;

// §8 chunk-load error: listening before the current page's chunk is asked for, so a chunk that
// fails on the first load (an unhandled rejection of `hydrate`) reloads the page once as well.
reloadOnChunkLoadFailure();

const pageOfRoute = new Map<string, PageName>(ROUTES.map((entry) => [entry.id, entry.page]));
const pageRoute = (module: BrowserPage) => ({ Component: module.default, handle: { meta: module.meta } });

const routes: RouteObject[] = buildRouteObjects(serverData, (entry) => ({
  loader: serverData,
  // A navigation (and a prefetch) waits for the page's body and the parts it is made of too, so
  // the page never shows empty or short while its chunks load (build/clientPageModules.ts).
  // §8: a chunk of it that fails reloads the page the navigation goes to (failedChunk).
  lazy: async () => {
    const module = await loadPage(entry.page).catch((error: unknown) => failedChunk(error, entry.id));
    await loadWithItsParts(async () => module.default.preload?.()).catch((error: unknown) => failedChunk(error, entry.id));
    return pageRoute(module);
  },
}));

async function hydrate() {
  // Resolve the current page's lazy chunk before hydrating, or React would hydrate a fallback
  // and throw away the server's HTML (react-router's ssr-data-router example does the same).
  const matches = matchRoutes(routes, window.location) ?? [];
  // An error page (404, 500) hydrates its own chunk; asked for now, it arrives with the page's.
  const hydrationData = installHydrationData();
  // The modal's code (about 3 KB) is asked for with the page's, not awaited: asked for once the
  // page had hydrated, it arrived after a tap on the call-to-action made just after hydration,
  // two round trips later (its chunk, then the chunks it imports), and the modal waited for it.
  preloadModal();
  await Promise.all([
    // The header's controls hydrate in the first pass, before page bodies and idle sections: a
    // tap on them waits for nothing else (docs/decisions/017).
    SiteHeader.preload(),
    hydrationData?.errors ? ErrorPage.preload() : undefined,
    ...matches.map(async ({ route }) => {
      const page = route.id === undefined ? undefined : pageOfRoute.get(route.id);
      if (page === undefined) return;
      const module = await loadPage(page);
      // The body's chunk is asked for now and hydrates when it arrives: the server's HTML of it
      // stays on screen meanwhile, and the shell does not wait for it.
      void module.default.preload?.();
      Object.assign(route, { ...pageRoute(module), lazy: undefined });
    }),
  ]);

  const router = createBrowserRouter(routes, { dataStrategy });
  // §7 page hits and goals: before hydration, so the first effects (the 404 page's goal) already
  // find analytics configured.
  const browserConfig = readBrowserConfig(document);
  startAnalytics(router, browserConfig);
  // §2: links prefetch their page's code and data when pointed at or scrolled into view. Started
  // before hydration: a link pointed at as soon as the page is interactive is prefetched too (the
  // scrolled-into-view queue itself waits for idle time, prefetchLinks.ts).
  startPrefetching(routes);
  // §4/§8 reload on a new build or a chunk missing in a navigation: not needed for the first view,
  // so its code is a chunk of its own, fetched and started at the first idle moment.
  whenIdle(() => {
    void import('./freshness/startFreshness.ts').then(({ startFreshness }) => startFreshness(router, browserConfig.buildId));
  });
  // §2 back and forward keep the visitor's place: a chunk of its own, started at the first idle
  // moment, before a visitor has gone anywhere to come back from.
  whenIdle(() => {
    void import('./navigation/scrollRestoration.ts').then(({ startScrollRestoration }) => startScrollRestoration(router));
  });
  // §5: UTM parameters of the landing URL go to session storage (utm_params) for the lead forms:
  // the URL is read now, stored at the first idle moment (at most 2 s later, long before a form
  // can be filled in), from a chunk the forms share.
  const landingSearch = window.location.search;
  whenIdle(() => {
    void import('../shared/forms/utm.ts').then(({ captureUtmParams }) => captureUtmParams(landingSearch));
  });
  const container = document.getElementById('app');
  if (container === null) throw new Error('#app is missing');
  // As a transition, hydration renders in the scheduler's 5 ms slices instead of one task that
  // blocks the main thread for the whole page (a non-transition hydration is a blocking lane in
  // React 19); input that arrives meanwhile is handled first (selective hydration). This is what
  // react-router's own entry.client template does.
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
  // Field data of the sampled share of page views (VITALS_SAMPLE_RATE): a chunk of its own,
  // loaded at the first idle moment after hydration, outside the first load (client/vitals/). A
  // chunk that fails to load costs this page view's data, never a reload (§8 is for the page).
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

// In a microtask, once the first load's modules have evaluated, not from the module's body: a
// DevTools client recording the network (Lighthouse) captures the stack of every request a
// script starts, and a stack through the module's body makes V8 parse the whole first-load
// chunk again for its source positions, some 60 ms at 4× CPU for the imports `hydrate` starts
// (docs/decisions/026).
queueMicrotask(() => void hydrate());
