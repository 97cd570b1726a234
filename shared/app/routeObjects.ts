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
        // §2 404 as a route under the root: shown in the site's shell, on a first load and a navigation alike.
        { id: NOT_FOUND_ROUTE_ID, path: '*', loader: notFound },
      ],
    },
  ];
}
