import type { Request, RequestHandler } from 'express';

/**
 * A handler entered only by the requests `wanted` picks: a router matching nothing leaves through `setImmediate`, and
 * every page request passes the endpoints in front (5 % of an uncached page, `scripts/bench/uncachedRender.ts`).
 */
export function enterOnly(wanted: (req: Request) => boolean, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (wanted(req)) return handler(req, res, next);
    next();
  };
}

/** Requests for one of `paths` or below, compared as Express compares a route (any case, trailing slash or not). */
export function atPaths(paths: readonly string[]): (req: Request) => boolean {
  const lowerCase = paths.map((path) => path.toLowerCase());
  return (req) => {
    const path = req.path.toLowerCase();
    return lowerCase.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  };
}
