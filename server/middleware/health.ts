import { Router } from 'express';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import type { Logger } from '../logging/logger.ts';

/** What `/readyz` shows of a check: a state, never the error text behind it. */
export type CheckState = 'ok' | 'degraded' | 'unavailable';

export interface Readiness {
  /**
   * `ready: false` takes the instance out of a load balancer; `degraded` only informs. `details`
   * (error texts naming hosts and ports) go to the log, never into the public answer.
   */
  (): Promise<{ ready: boolean; checks: Record<string, CheckState>; details?: Record<string, string> }>;
}

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/** `/healthz`: the process answers. `/readyz`: it can serve pages (content reachable or cached). */
export function health(readiness: Readiness, logger: Logger): Router {
  const router = Router();
  router.get(HEALTH_PATHS.live, (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res.json({ status: 'ok' });
  });
  router.get(HEALTH_PATHS.ready, async (req, res, next) => {
    try {
      const { ready, checks, details } = await readiness();
      if (details !== undefined && Object.keys(details).length > 0) {
        logger.warn({ reqId: req.id, checks, details }, 'readiness check not ok');
      }
      res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
