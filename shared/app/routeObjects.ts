import { data, type RouteObject } from 'react-router';
import { RootErrorBoundary, RootLayout, ROOT_ROUTE_ID, rootShouldRevalidate } from './root.tsx';
import { ROUTES, type RouteEntry } from '../routes/table.ts';

/** The route of every path the route table does not list. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

/** The 404 of an unmatched path (in the browser, the server's answer to its data request says the same). */
function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** The route table as route objects; the server and the browser pass how a page becomes a route. */
export function buildRouteObjects(
  rootLoader: RouteObject['loader'],
  pageRoute: (entry: RouteEntry) => Omit<RouteObject, 'id' | 'path' | 'index' | 'children'>,
): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      loader: rootLoader,
      shouldRevalidate: rootShouldRevalidate,
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        ...ROUTES.map((entry): RouteObject => {
          const route = pageRoute(entry);
          return entry.path === '/' ? { id: entry.id, index: true, ...route } : { id: entry.id, path: entry.path.slice(1), ...route };
        }),
        // §2 "An unmatched route shows a 404 page": a route of its own under the root, so the root
        // loader runs and the 404 page is shown inside the site's header and footer, on a first
        // load and after a navigation alike (a URL no route matches at all gets neither).
        { id: NOT_FOUND_ROUTE_ID, path: '*', loader: notFound },
      ],
    },
  ];
}
