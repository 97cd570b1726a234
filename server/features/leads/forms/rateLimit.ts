import type { RequestHandler } from 'express';
import { rateLimit, type Options, type Store } from 'express-rate-limit';
import type { FormsConfig } from '../../../platform/config/env.ts';
import { sendHeld } from '../../../platform/http/refusalHold.ts';
import { answerProblem } from './respond.tsx';
import { IPV6_CLIENT_PREFIX } from '../../../platform/http/clientKey.ts';

/** Per-IP limit of form and upload POSTs (429 with `Retry-After`), counted in the leads database when given `store`. */
export function formsRateLimit(config: Pick<FormsConfig, 'rateLimit' | 'rateWindowMs'>, store?: Store): RequestHandler {
  return clientRateLimit({
    store,
    windowMs: config.rateWindowMs,
    limit: config.rateLimit,
    // Held before it goes out, like every refusal a client brought on itself (refusalHold.ts).
    handler: (req, res, next) => {
      sendHeld(res, () => answerProblem(req, res, { status: 429 })).catch(next);
    },
  });
}

/** A per-client limit (an IPv6 client is its /56) with the draft-7 `RateLimit` headers; in memory without `store`. */
export function clientRateLimit(
  options: Pick<Options, 'windowMs' | 'limit' | 'handler'> & { readonly store: Store | undefined },
): RequestHandler {
  const { store, ...limits } = options;
  return rateLimit({
    ...(store === undefined ? {} : { store }),
    ...limits,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ipv6Subnet: IPV6_CLIENT_PREFIX,
    // The X-Forwarded-For check warns on every proxied request while `trust proxy` is off (TRUST_PROXY, server/app.ts).
    validate: { xForwardedForHeader: false },
  });
}
