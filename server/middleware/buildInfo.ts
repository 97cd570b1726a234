import { Router } from 'express';
import type { ClientManifest } from '../../build/manifest.ts';
import { BUILD_INFO_PATH } from '../../shared/routes/serverMounts.ts';
import { CACHE_CONTROL } from '../http/cacheControl.ts';

/**
 * §7 `GET builds/latest.json?timestamp=…`: the browser polls it hourly and reloads on the next
 * navigation when the id differs from its own. The timestamp parameter only defeats caches.
 * Every response also carries `X-Build-Id` so a data request can notice a deploy too.
 */
export function buildInfo(manifest: Pick<ClientManifest, 'buildId' | 'timestamp'>): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('X-Build-Id', manifest.buildId);
    next();
  });
  router.get(BUILD_INFO_PATH, (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noCache);
    res.json({ id: manifest.buildId, timestamp: manifest.timestamp });
  });
  return router;
}
