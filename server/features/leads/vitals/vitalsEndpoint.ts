import type { Logger } from '../../../platform/logging/logger.ts';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { isbot } from 'isbot';
import { VITALS_PATH } from '../../../../shared/routes/serverMounts.ts';
import type { Config } from '../../../platform/config/env.ts';
import { clientRateLimit } from '../forms/rateLimit.ts';
import { sharedRateLimitStore } from '../forms/rateLimitStore.ts';
import { STORE_RETRY_AFTER_SECONDS } from '../forms/problems.ts';
import { CACHE_CONTROL } from '../../../platform/http/cacheControl.ts';
import { markExpectedRefusal } from '../../../platform/http/expectedRefusal.ts';
import type { LeadCapture } from '../leadCapture.ts';
import { StoreUnavailableError } from '../storeAvailability.ts';
import { isPoor, observeVital } from './webVitals.ts';
import { deviceFromUserAgent, parseBeacon } from './parseBeacon.ts';

/** A beacon is a few hundred bytes; anything much larger is not one. */
export const VITALS_MAX_BODY_BYTES = 2048;
/** Beacons per client and window: a page view sends one or two; room for an office behind one address. */
export const VITALS_RATE_LIMIT = { limit: 30, windowMs: 60_000 } as const;

const MESSAGES = {
  badBody: 'Ожидается JSON {"route", "device", "metrics": [{"name", "value"}]}.',
  tooLarge: 'Слишком большое тело запроса.',
  mediaType: 'Ожидается text/plain или application/json.',
  tooMany: 'Слишком много запросов. Повторите позже.',
  unavailable: 'Сервис временно недоступен. Повторите позже.',
} as const;

/** `POST /api/vitals`: vitals into /metrics histograms; bots answered, not counted; limits, shape; traced views named (decision 028). */
export function vitalsEndpoint(options: { config: Config; leads: () => Promise<LeadCapture>; logger: Logger }): Router {
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    next();
  };
  const ignoreBots: RequestHandler = (req, res, next) => (isbot(req.get('user-agent')) ? void res.status(204).end() : next());
  const limit = clientRateLimit({
    store: sharedRateLimitStore(options.config, options.leads, 'vitals:'),
    ...VITALS_RATE_LIMIT,
    handler: (_req, res) => void res.status(429).json({ error: MESSAGES.tooMany }),
  });
  const text = express.text({ type: ['text/plain', 'application/json'], limit: VITALS_MAX_BODY_BYTES });
  const readText: RequestHandler = (req, res, next) =>
    text(req, res, (error?: unknown) => {
      if (error === undefined || error === null) return next();
      const status = (error as { status?: number }).status === 413 ? 413 : 400;
      res.status(status).json({ error: status === 413 ? MESSAGES.tooLarge : MESSAGES.badBody });
    });

  router.post(VITALS_PATH, noStore, ignoreBots, limit, readText, (req, res) => {
    if (typeof req.body !== 'string') return void res.status(415).json({ error: MESSAGES.mediaType });
    const beacon = parseBeacon(req.body);
    if (beacon === undefined) return void res.status(400).json({ error: MESSAGES.badBody });
    const labels = { route: beacon.route, device: beacon.device ?? deviceFromUserAgent(req.get('user-agent')) };
    for (const metric of beacon.metrics) observeVital(metric.name, metric.value, labels);
    const poor = beacon.trace === undefined ? [] : beacon.metrics.filter((metric) => isPoor(metric.name, metric.value));
    if (poor.length > 0)
      options.logger.info({ ...labels, vitals: poor, pageTraceId: beacon.trace }, 'poor web vitals of a traced page view');
    res.status(204).end();
  });
  // The shared count is in the leads database: while it is unreachable (decision 023) a beacon is refused, not counted.
  const storeUnavailable: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (!(error instanceof StoreUnavailableError)) return next(error);
    markExpectedRefusal(res);
    res.setHeader('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
    res.status(503).json({ error: MESSAGES.unavailable });
  };
  router.use(storeUnavailable);
  return router;
}
