import type { Request, RequestHandler } from 'express';

/**
 * A handler entered only by the requests `wanted` picks; every other request goes on at once.
 *
 * An Express router that matches nothing leaves through `setImmediate` (router 2.x ends its
 * stack that way), a turn of the event loop. Every page request passes the endpoints mounted in
 * front of the page handler (server/app.ts), so entering each of them cost an uncached page some
 * 5 % of its time in `scripts/bench/uncachedRender.ts`. Express's own mount path would take the
 * prefix off `req.url`, and the endpoints answer at their full paths
 * (shared/routes/serverMounts.ts), so the test is made here instead.
 */
export function enterOnly(wanted: (req: Request) => boolean, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (wanted(req)) return handler(req, res, next);
    next();
  };
}

/**
 * Requests for one of `paths` or anything below it, compared as Express compares a route's path:
 * ignoring case (the router's default), with or without a trailing slash. Wider than the routes
 * behind it may be, never narrower: the router still decides.
 */
export function atPaths(paths: readonly string[]): (req: Request) => boolean {
  const lowerCase = paths.map((path) => path.toLowerCase());
  return (req) => {
    const path = req.path.toLowerCase();
    return lowerCase.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  };
}
