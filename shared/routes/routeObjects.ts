import type { RouteObject } from 'react-router';
import { RootErrorBoundary, RootLayout, ROOT_ROUTE_ID, rootShouldRevalidate } from '../app/root.tsx';
import { ROUTES, type RouteEntry } from './table.ts';

/**
 * Turns the route table into react-router route objects. The server and the browser differ only
 * in how a page becomes a route (eagerly with its loader, or lazily with a data request), so
 * each passes that one function; the tree itself is built here, once.
 */
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
      children: ROUTES.map((entry): RouteObject => {
        const route = pageRoute(entry);
        return entry.path === '/' ? { id: entry.id, index: true, ...route } : { id: entry.id, path: entry.path.slice(1), ...route };
      }),
    },
  ];
}
