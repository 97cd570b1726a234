import { ROUTES, type RouteEntry, type RouteMiddlewareName } from '../../../../shared/routes/table.ts';
import { redirectAuthor } from './redirectAuthor.ts';
import { routeTableMatcher } from '../../../platform/http/routeMatch.ts';
import type { RouteMiddleware, RouteMiddlewareFactory, RoutingDependencies, RoutingRule } from './routingRule.ts';

/** Every middleware a route may name (§2: `redirect-author`). */
export const ROUTE_MIDDLEWARE_REGISTRY: Readonly<Record<RouteMiddlewareName, RouteMiddlewareFactory>> = {
  'redirect-author': redirectAuthor,
};

/** §8 "Unknown route middleware raises an error" — when the routes are built, not on a request. */
export class UnknownRouteMiddlewareError extends Error {
  override name = 'UnknownRouteMiddlewareError';
}

/** Resolves the route table's `middleware` names while the app is built: an unknown one stops the start. */
export function resolveRouteMiddlewares(
  routes: readonly RouteEntry<string>[],
  registry: Readonly<Record<string, RouteMiddlewareFactory>>,
  deps: RoutingDependencies,
): Map<string, readonly RouteMiddleware[]> {
  const resolved = new Map<string, readonly RouteMiddleware[]>();
  for (const route of routes) {
    const names = route.middleware ?? [];
    if (names.length === 0) continue;
    resolved.set(
      route.id,
      names.map((name) => {
        const factory = Object.hasOwn(registry, name) ? registry[name] : undefined;
        if (factory === undefined) {
          throw new UnknownRouteMiddlewareError(
            `Route "${route.id}" (${route.path}) names the middleware "${name}", which does not exist; known: ${Object.keys(registry).join(', ')}`,
          );
        }
        return factory(deps);
      }),
    );
  }
  return resolved;
}

/** §2 named route middlewares as a rule: the path's match in the route table, its middlewares run in order. */
export function routeMiddlewares(
  deps: RoutingDependencies,
  routes: readonly RouteEntry<string>[] = ROUTES,
  registry: Readonly<Record<string, RouteMiddlewareFactory>> = ROUTE_MIDDLEWARE_REGISTRY,
): RoutingRule {
  const byRoute = resolveRouteMiddlewares(routes, registry, deps);
  // Matched against the whole table, so a more specific route without middleware wins as it does in react-router.
  const matchOf = routeTableMatcher(routes);
  return {
    name: 'routeMiddlewares',
    async apply(target) {
      if (byRoute.size === 0) return null;
      const match = matchOf(target.path);
      if (match === undefined) return null;
      for (const middleware of byRoute.get(match.route.id) ?? []) {
        const decision = await middleware({ routeId: match.route.id, params: match.params, target });
        if (decision !== null) return decision;
      }
      return null;
    },
  };
}
