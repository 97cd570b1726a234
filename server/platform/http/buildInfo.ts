import { Router, type RequestHandler } from 'express';
import type { ClientManifest } from '../../../build/manifest.ts';
import { BUILD_INFO_PATH } from '../../../shared/routes/serverMounts.ts';
import { CACHE_CONTROL } from './cacheControl.ts';
import { atPaths, enterOnly } from './enterOnly.ts';

/**
 * §7 `GET builds/latest.json?timestamp=…`: the browser polls it hourly and reloads on the next
 * navigation when the id differs from its own. The timestamp parameter only defeats caches.
 * Every response also carries `X-Build-Id` so a data request can notice a deploy too; the route
 * itself is entered only at its path, like every endpoint a page request passes (server/platform/http/enterOnly.ts).
 */
export function buildInfo(manifest: Pick<ClientManifest, 'buildId' | 'timestamp'>): RequestHandler[] {
  const route = Router();
  route.get(BUILD_INFO_PATH, (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noCache);
    res.json({ id: manifest.buildId, timestamp: manifest.timestamp });
  });
  return [
    (_req, res, next) => {
      res.setHeader('X-Build-Id', manifest.buildId);
      next();
    },
    enterOnly(atPaths([BUILD_INFO_PATH]), route),
  ];
}
