import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { FormsConfig } from '../config/env.ts';
import { answerProblem } from './respond.ts';

/**
 * Per-IP limit of form and upload POSTs (issue "Lead capture" 7): 429 with `Retry-After` in
 * seconds. The count lives in each worker's memory, so with WEB_CONCURRENCY=N a visitor may get
 * up to N times the limit — enough against floods, and no shared store to run.
 */
export function formsRateLimit(config: Pick<FormsConfig, 'rateLimit' | 'rateWindowMs'>): RequestHandler {
  return rateLimit({
    windowMs: config.rateWindowMs,
    limit: config.rateLimit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The X-Forwarded-For check warns on every proxied request when `trust proxy` is off (tests,
    // local runs); production sets `trust proxy` in server/app.ts.
    validate: { xForwardedForHeader: false },
    handler: (req, res) => answerProblem(req, res, { status: 429 }),
  });
}
