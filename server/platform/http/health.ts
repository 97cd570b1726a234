import { setTimeout as sleep } from 'node:timers/promises';
import { Router, type RequestHandler } from 'express';
import { CACHE_CONTROL } from './cacheControl.ts';
import { markExpectedRefusal } from './expectedRefusal.ts';
import type { Logger } from '../logging/logger.ts';
import { SERVER_PATHS } from '../../../shared/routes/serverMounts.ts';

/** What `/readyz` shows of a check: a state, never the error text behind it. */
export type CheckState = 'ok' | 'degraded' | 'unavailable';

/** `ready: false` takes the instance out; `degraded` informs; `details` go to the log, never the answer. */
export type Readiness = () => Promise<{ ready: boolean; checks: Record<string, CheckState>; details?: Record<string, string> }>;

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

/** How long one readiness answer is reused: `/readyz` is public, and unshared it would amplify every call against the CMS. */
const READINESS_REUSE_MS = 3000;

/** One readiness check at a time, shared by every caller until `reuseMs` after it settled; a failure logged once. */
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

/** How long `/readyz` waits for a check that only informs: a hanging database must not hold the probe past its 1 s timeout. */
const INFORM_WAIT_MS = 500;

/** A check that informs without gating (the leads database, decisions 023, 035); one slower than `waitMs` is `degraded`. */
export function informOnly(name: string, readiness: Readiness, waitMs = INFORM_WAIT_MS): Readiness {
  return async () => {
    const stop = new AbortController();
    const late = sleep(waitMs, undefined, { signal: stop.signal }).catch(() => undefined);
    const answer = await Promise.race([readiness(), late]).finally(() => stop.abort());
    if (answer === undefined) return { ready: true, checks: { [name]: 'degraded' } };
    return { ...answer, ready: true };
  };
}

/** `reuseMs`: READINESS_REUSE_MS when absent; `draining`: true once SIGTERM came; `database`: the leads database alone. */
export interface HealthOptions {
  readonly reuseMs?: number | undefined;
  readonly draining?: (() => boolean) | undefined;
  readonly database?: Readiness | undefined;
}

type CheckAnswer = { readonly status: number; readonly body: { status: string; checks: Record<string, CheckState> } };

/** The answer of a draining instance: the load balancer takes it out, nothing is asked upstream. */
const DRAINING: CheckAnswer = { status: 503, body: { status: 'draining', checks: { instance: 'unavailable' } } };

/** 200 "ready" or 503 "unavailable" with the states of the checks, never their reasons. */
async function answerOf(readiness: Readiness): Promise<CheckAnswer> {
  const { ready, checks } = await readiness();
  return { status: ready ? 200 : 503, body: { status: ready ? 'ready' : 'unavailable', checks } };
}

/** Sends a probe's answer; not ready is an answer (a warning line: the cause was logged where found), not a failure. */
function checkEndpoint(answer: () => Promise<CheckAnswer>): RequestHandler {
  return async (_req, res) => {
    const { status, body } = await answer();
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    if (status !== 200) markExpectedRefusal(res);
    res.status(status).json(body);
  };
}

/**
 * `/healthz`: the process answers. `/readyz`, what the load balancer probes (decision 035): this instance can render
 * pages and is not draining. `/healthz/database`: the leads database answers, for monitoring only (decision 023).
 */
export function health(readiness: Readiness, logger: Logger, options: HealthOptions = {}): Router {
  const router = Router();
  const reuseMs = options.reuseMs ?? READINESS_REUSE_MS;
  const shared = sharedReadiness(readiness, logger, reuseMs);
  const draining = options.draining ?? (() => false);
  router.get(SERVER_PATHS.live, (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res.json({ status: 'ok' });
  });
  router.get(
    SERVER_PATHS.ready,
    checkEndpoint(() => (draining() ? Promise.resolve(DRAINING) : answerOf(shared))),
  );
  if (options.database !== undefined) {
    const database = sharedReadiness(options.database, logger, reuseMs);
    router.get(
      SERVER_PATHS.database,
      checkEndpoint(() => answerOf(database)),
    );
  }
  return router;
}
