import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { withLazyPartBoundary } from '../../../../shared/browser/lazyServerRendered.tsx';
import { ROOT_ROUTE_ID, rootLoader } from '../../../../shared/app/root.tsx';
import { inSpan } from '../../../platform/telemetry/spans.ts';
import type { LoaderContext } from '../../../../shared/page-kit/loaderContext.ts';
import type { PageLoaderArgs, PageModule } from '../../../../shared/page-kit/pageModule.ts';
import { buildRouteObjects } from '../../../../shared/app/routeObjects.ts';
import { PAGES, type PageName } from '../../../../shared/routes/table.ts';

const withContext = (args: LoaderFunctionArgs): PageLoaderArgs => ({
  params: args.params,
  request: args.request,
  context: args.context as LoaderContext,
});

/** A page's three files (`shared/page-kit/pageModule.ts`), bundled by these patterns; a missing one fails the start-up. */
async function loadPage(page: PageName): Promise<PageModule> {
  const [view, meta, loader] = await Promise.all([
    import(`../../../../shared/pages/${page}/view.tsx`) as Promise<Pick<PageModule, 'default'>>,
    import(`../../../../shared/pages/${page}/meta.ts`) as Promise<Pick<PageModule, 'meta'>>,
    import(`../../../../shared/pages/${page}/loader.ts`) as Promise<Pick<PageModule, 'loader'>>,
  ]);
  return { default: view.default, meta: meta.meta, loader: loader.loader };
}

/** Every page loaded at start-up: a request never waits for a module, and a broken page fails the boot, not a visitor. */
export async function createServerRoutes(): Promise<RouteObject[]> {
  const [modules] = await Promise.all([
    Promise.all(PAGES.map(async (page): Promise<[PageName, PageModule]> => [page, await loadPage(page)])).then(
      (entries) => new Map(entries),
    ),
    // The burger menu, a lazy part inside the header's (decision 031): else its import starts only inside the first render.
    import('../../../../shared/layout/BurgerMenu.tsx'),
  ]);
  return buildRouteObjects(
    (args) => inSpan(`loader ${ROOT_ROUTE_ID}`, () => rootLoader(withContext(args))),
    (entry) => {
      const module = modules.get(entry.page);
      if (module === undefined) throw new Error(`No page ${entry.page}`);
      const { loader, meta } = module;
      return {
        // The browser hydrates a page's body from its own chunk, behind a Suspense boundary the server's HTML must have too.
        Component: withLazyPartBoundary(module.default),
        loader: (args) => inSpan(`loader ${entry.id}`, async () => loader(withContext(args))),
        handle: { meta },
      };
    },
  );
}
