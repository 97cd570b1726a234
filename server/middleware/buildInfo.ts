import type { RequestHandler } from 'express';
import type { ClientManifest } from '../../build/manifest.ts';
import { BUILD_INFO_PATH } from '../../shared/routes/serverMounts.ts';
import { CACHE_CONTROL } from '../http/cacheControl.ts';

/**
 * §7 `GET builds/latest.json?timestamp=…`: the browser polls it hourly and reloads on the next
 * navigation when the id differs from its own. The timestamp parameter only defeats caches.
 * Every response also carries `X-Build-Id` so a data request can notice a deploy too. A plain
 * handler, not a router: every page request passes it (server/http/enterOnly.ts says what a
 * router that matches nothing costs).
 */
export function buildInfo(manifest: Pick<ClientManifest, 'buildId' | 'timestamp'>): RequestHandler {
  return (req, res, next) => {
    res.setHeader('X-Build-Id', manifest.buildId);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isBuildInfoPath(req.path)) return next();
    res.setHeader('Cache-Control', CACHE_CONTROL.noCache);
    res.json({ id: manifest.buildId, timestamp: manifest.timestamp });
  };
}

/** As Express matched the route it was: any case, with or without a trailing slash. */
function isBuildInfoPath(path: string): boolean {
  const lowerCase = path.toLowerCase();
  return lowerCase === BUILD_INFO_PATH || lowerCase === `${BUILD_INFO_PATH}/`;
}
