import { Router } from 'express';
import { CACHE_CONTROL } from '../http/cacheControl.ts';

export interface Readiness {
  /** `ready: false` takes the instance out of a load balancer; `degraded` only informs. */
  (): Promise<{ ready: boolean; checks: Record<string, string> }>;
}

/** `/healthz`: the process answers. `/readyz`: it can serve pages (content reachable or cached). */
export function health(readiness: Readiness): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res, next) => {
    try {
      const { ready, checks } = await readiness();
      res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
