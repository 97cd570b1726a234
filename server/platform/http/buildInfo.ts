import { Router, type RequestHandler } from 'express';
import type { ClientManifest } from '../../../build/manifest.ts';
import { BUILD_INFO_PATH } from '../../../shared/routes/serverMounts.ts';
import { CACHE_CONTROL } from './cacheControl.ts';
import { atPaths, enterOnly } from './enterOnly.ts';

/** §7 `GET builds/latest.json?timestamp=…`, polled hourly; every response's `X-Build-Id` lets a data request notice a deploy too. */
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
