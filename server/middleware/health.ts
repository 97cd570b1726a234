import { Router } from 'express';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import { markExpectedRefusal } from '../http/expectedRefusal.ts';
import type { Logger } from '../logging/logger.ts';
import { SERVER_PATHS } from '../../shared/routes/serverMounts.ts';

/** What `/readyz` shows of a check: a state, never the error text behind it. */
export type CheckState = 'ok' | 'degraded' | 'unavailable';

export interface Readiness {
  /**
   * `ready: false` takes the instance out of a load balancer; `degraded` only informs. `details`
   * (error texts naming hosts and ports) go to the log, never into the public answer.
   */
  (): Promise<{ ready: boolean; checks: Record<string, CheckState>; details?: Record<string, string> }>;
}

/** Several checks as one: ready when every one is, their states and details side by side. */
export function allReady(...checks: readonly Readiness[]): Readiness {
  return async () => {
    const results = await Promise.all(checks.map((check) => check()));
    const details = Object.assign({}, ...results.map((result) => result.details ?? {})) as Record<string, string>;
    return {
      ready: results.every((result) => result.ready),
      checks: Object.assign({}, ...results.map((result) => result.checks)) as Record<string, CheckState>,
      ...(Object.keys(details).length > 0 ? { details } : {}),
    };
  };
}

/**
 * How long one readiness answer is reused. `/readyz` is public, and its checks ask upstream
 * services (the content service, the database): unshared, every call would be one upstream
 * request, a free 1:1 amplifier against the CMS. A load balancer polls every few seconds, so an
 * answer this old is as good as a fresh one.
 */
export const READINESS_REUSE_MS = 3000;

/**
 * One readiness check at a time, its answer shared by every caller until `reuseMs` after it
 * settled; the reason behind a failed check is logged once per check, not once per caller.
 */
function sharedReadiness(readiness: Readiness, logger: Logger, reuseMs: number): Readiness {
  let current: { answer: ReturnType<Readiness>; settledAt: number | undefined } | undefined;
  return () => {
    if (current !== undefined && (current.settledAt === undefined || Date.now() - current.settledAt < reuseMs)) return current.answer;
    const entry: { answer: ReturnType<Readiness>; settledAt: number | undefined } = { answer: readiness(), settledAt: undefined };
    current = entry;
    entry.answer.then(
      ({ checks, details }) => {
        entry.settledAt = Date.now();
        if (details !== undefined && Object.keys(details).length > 0) logger.warn({ checks, details }, 'readiness check not ok');
      },
      () => {
        // A check that threw is not reused: the next caller asks again.
        if (current === entry) current = undefined;
      },
    );
    return entry.answer;
  };
}

/**
 * `/healthz`: the process answers. `/readyz`: it can serve pages (content reachable or cached)
 * and store leads (the leads database answers, decision 023).
 */
export function health(readiness: Readiness, logger: Logger, options: { readonly reuseMs?: number } = {}): Router {
  const router = Router();
  const shared = sharedReadiness(readiness, logger, options.reuseMs ?? READINESS_REUSE_MS);
  router.get(SERVER_PATHS.live, (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res.json({ status: 'ok' });
  });
  router.get(SERVER_PATHS.ready, async (_req, res, next) => {
    try {
      const { ready, checks } = await shared();
      res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
      // Not ready is an answer, not a failure of this request: its access line is a warning, and
      // what is wrong was logged where it was found (a load balancer polls every few seconds).
      if (!ready) markExpectedRefusal(res);
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
