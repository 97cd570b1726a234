import type { RequestHandler } from 'express';
import { withoutDataParam } from '../../../../shared/routes/dataRequest.ts';
import { ROUTES, type RouteEntry } from '../../../../shared/routes/table.ts';
import { isDataRequest, rawSearchOf, sendRedirect, type RedirectStatus } from '../../../platform/http/redirect.ts';
import { blogTagCase } from './blogTagCase.ts';
import { canonicalPath } from './canonicalPath.ts';
import { elementAnchor } from './elementAnchor.ts';
import { invalidQueryParamOf } from './pageUrl.ts';
import { materialRedirects } from './materialRedirects.ts';
import { clientError, pathSafety } from './pathSafety.ts';
import { perPathRedirects } from './perPathRedirects.ts';
import { redirectOldServicePaths } from './redirectOldServicePaths.ts';
import { ROUTE_MIDDLEWARE_REGISTRY, routeMiddlewares } from './routeMiddlewares.ts';
import {
  formatTarget,
  parseLocation,
  type RouteMiddlewareFactory,
  type RoutingDependencies,
  type RoutingRule,
  type RoutingTarget,
} from './routingRule.ts';
import { trailingSlash } from './trailingSlash.ts';

/** More rewrites than this for one request can only be a loop in the content's redirect list. */
const MAX_REWRITES = 8;

/** §2 and §5's rules in decision 006's order: canonical path, services, materials, per-path, slash, middlewares, slugs, anchor. */
export function createRules(
  deps: RoutingDependencies,
  routes: readonly RouteEntry[] = ROUTES,
  registry: Readonly<Record<string, RouteMiddlewareFactory>> = ROUTE_MIDDLEWARE_REGISTRY,
): RoutingRule[] {
  return [
    canonicalPath(),
    redirectOldServicePaths(),
    materialRedirects(),
    perPathRedirects(deps),
    trailingSlash(),
    routeMiddlewares(deps, routes, registry),
    blogTagCase(deps),
    elementAnchor(),
  ];
}

/** Runs the rules till none applies: one redirect, 301 unless a step was temporary; off-site ends it; fragments kept (RFC 9110 §10.2.2). */
export async function resolveRedirect(
  rules: readonly RoutingRule[],
  start: RoutingTarget,
  onLoop: (path: readonly string[]) => void = () => {},
): Promise<{ location: string; status: RedirectStatus; offSite: boolean } | null> {
  let current = start;
  let permanent = true;
  const seen = new Set([formatTarget(start)]);
  for (let rewrites = 0; ; rewrites += 1) {
    let decision = null;
    for (const rule of rules) {
      decision = await rule.apply(current);
      if (decision !== null) break;
    }
    if (decision === null) break;
    permanent &&= decision.status === 301 || decision.status === 308;
    const status: RedirectStatus = permanent ? 301 : 302;
    if (decision.offSite) return { location: decision.location, status, offSite: true };
    const parsed = parseLocation(decision.location);
    const next = parsed.hash === '' ? { ...parsed, hash: current.hash } : parsed;
    const key = formatTarget(next);
    if (seen.has(key) || rewrites === MAX_REWRITES) {
      // A loop in the content's redirect list: serve the page asked for rather than send the browser around in circles.
      onLoop([...seen, key]);
      return null;
    }
    seen.add(key);
    current = next;
  }
  const location = formatTarget(current);
  return location === formatTarget(start) ? null : { location, status: permanent ? 301 : 302, offSite: false };
}

/** The rules before the page handler, for GET and HEAD; a value naming no page is a 404 before any render (decision 018). */
export function routingRules(
  deps: RoutingDependencies,
  routes: readonly RouteEntry[] = ROUTES,
  registry: Readonly<Record<string, RouteMiddlewareFactory>> = ROUTE_MIDDLEWARE_REGISTRY,
): RequestHandler[] {
  const rules = createRules(deps, routes, registry);
  const dataRules = rules.filter((rule) => rule.documentOnly !== true);
  const redirects: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const rawPath = req.originalUrl.split('?', 1)[0] ?? '/';
    // Express 5 hands a rejection to the error handler.
    const result = await resolveRedirect(
      isDataRequest(req) ? dataRules : rules,
      { path: rawPath, search: withoutDataParam(rawSearchOf(req)), hash: '' },
      (chain) => deps.logger.error({ chain, reqId: req.id }, 'redirect loop in the routing rules; serving the path as is'),
    );
    if (result === null) return next(invalidQuery(rawPath, rawSearchOf(req)));
    sendRedirect(req, res, result.location, result.status, { allowOffSite: result.offSite });
  };
  return [pathSafety(), redirects];
}

/** The 404 of a declared query parameter whose value names no page, or undefined. */
function invalidQuery(path: string, search: string): (Error & { status: number }) | undefined {
  const name = invalidQueryParamOf(path, search);
  return name === undefined ? undefined : clientError(404, `query parameter ${name} names no page`);
}
