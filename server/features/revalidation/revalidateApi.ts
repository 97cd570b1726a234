import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { revalidations } from '../../platform/monitoring/metrics.ts';
import { CACHE_CONTROL } from '../../platform/http/cacheControl.ts';
import { CLIENT_ERROR_TEXTS } from '../../platform/http/clientErrorTexts.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { RevalidationBus } from './revalidationBus.ts';
import { redirectTag } from '../../platform/content/client/contentTags.ts';
import type { PublishedRecord, RefusedRecord } from '../../platform/content/client/reader.ts';
import { batches, purgeTagsOf } from './purgers.ts';
import type { PurgeOutcome } from './purgeQueue.ts';
import {
  MAX_PATHS,
  parseRevalidationRequest,
  publishEventTags,
  type RevalidationRequest,
  type RevalidationTarget,
} from './revalidationTarget.ts';
import { checkSignature, SIGNATURE_HEADER } from './signature.ts';
import { REVALIDATE_PATH } from '../../../shared/routes/serverMounts.ts';
import { IPV6_CLIENT_PREFIX } from '../../platform/http/clientKey.ts';

/** Revalidations per client and minute (per process): a stuck or hostile webhook is refused before it is authenticated. */
export const REVALIDATIONS_PER_MINUTE = 120;

const MESSAGES = {
  unauthorized: `Нужна подпись ${SIGNATURE_HEADER}: t=<время>,v1=<HMAC-SHA256 от "<время>.<тело>">, ключ — секрет ревалидации.`,
  badSignature: `Подпись ${SIGNATURE_HEADER} не сходится с телом запроса.`,
  expired: `Подпись ${SIGNATURE_HEADER} устарела: её время дальше пяти минут от часов сервера.`,
  badBody: `Ожидается JSON {"tags": ["articles", …]}, {"paths": ["/blog/", …]} (от 1 до ${MAX_PATHS}), {"all": true} или событие публикации {"data": {"type": …, "id": …}}.`,
  unavailable: 'Кэш этого экземпляра сброшен, но другие экземпляры оповестить не удалось. Повторите запрос позже.',
  tooMany: 'Слишком много запросов ревалидации, повторите позже.',
  refused:
    'Запись не принята: она не проходит проверку (причина — в refused). На сайте остаётся её последняя верная версия; остальное опубликовано.',
} as const;

/** What the webhook asks of the content before a publish event is applied (`ContentClient`). */
export interface PublishedContent {
  /** The records of the event the source refuses, with the reason (decision 036). */
  refusedRecords?(records: readonly PublishedRecord[]): Promise<RefusedRecord[]>;
  /** The site paths a publish of redirects changed; `undefined` when the list cannot be read. */
  redirectChanges?(): Promise<string[] | undefined>;
}

/** What of `PublishedContent` a content client has, looked up at each publish (a client may be wrapped later). */
export function publishedContentOf(content: object): PublishedContent {
  const published = () => content as PublishedContent;
  return {
    refusedRecords: async (records) => (typeof published().refusedRecords === 'function' ? published().refusedRecords!(records) : []),
    redirectChanges: async () => (typeof published().redirectChanges === 'function' ? published().redirectChanges!() : undefined),
  };
}

export interface RevalidateApiOptions {
  readonly secret: string | undefined;
  readonly bus: RevalidationBus;
  readonly logger: Logger;
  readonly content?: PublishedContent | undefined;
  /** The HTTP caches in front, purged once per publish by the instance that received it (`purgeQueue.ts`). */
  readonly purges?: { purgeNow(tags: readonly string[]): Promise<PurgeOutcome[]> } | undefined;
}

/** What a request revalidates: its target, less the records refused (none left: nothing at all). */
interface Plan {
  readonly targets: readonly RevalidationTarget[];
  readonly refused: readonly RefusedRecord[];
}

/** A publish event's accepted records as tags (their own, their type's, redirects' changed paths; decision 036). */
async function planOf(request: RevalidationRequest, content: PublishedContent | undefined): Promise<Plan> {
  if (request.target !== undefined) return { targets: [request.target], refused: [] };
  const refused = (await content?.refusedRecords?.(request.records)) ?? [];
  const accepted = request.records.filter((record) => !refused.some(({ type, id }) => type === record.type && id === record.id));
  if (accepted.length === 0) return { targets: [], refused };
  const tags = publishEventTags(accepted);
  if (accepted.some((record) => record.type === 'redirects')) {
    const paths = (await content?.redirectChanges?.()) ?? [];
    tags.push(...paths.map(redirectTag));
  }
  return { targets: batches([...new Set(tags)], MAX_PATHS).map((batch) => ({ tags: batch })), refused };
}

/** The answer's `revalidated`: what was asked, as before (`all`, the tags, the paths). */
function describe(targets: readonly RevalidationTarget[]): unknown {
  const [first] = targets;
  if (first === undefined) return null;
  if ('all' in first) return 'all';
  if ('tags' in first) return { tags: targets.flatMap((target) => ('tags' in target ? target.tags : [])) };
  return first.paths;
}

/**
 * `POST /api/revalidate` (docs/deploy.md): a signed body of tags, paths, `{"all": true}` or a publish event (decision
 * 027) carried to every process by the bus; this one then purges the caches in front once (decision 036). 202 with
 * each target's outcome; 422 names refused records (the rest published). Without REVALIDATE_SECRET, 404.
 */
export function revalidateApi(options: RevalidateApiOptions): Router {
  const { secret } = options;
  const limit = rateLimit({
    windowMs: 60_000,
    limit: REVALIDATIONS_PER_MINUTE,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ipv6Subnet: IPV6_CLIENT_PREFIX,
    validate: { xForwardedForHeader: false },
    handler: (_req, res) => void res.status(429).json({ error: MESSAGES.tooMany }),
  });
  const router = Router();
  router.all(REVALIDATE_PATH, (req, res, next) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    if (secret === undefined) return void res.status(404).json({ error: CLIENT_ERROR_TEXTS[404] });
    next();
  });
  router.all(REVALIDATE_PATH, limit, (req, res, next) => {
    if (req.method === 'POST') return next();
    res.setHeader('Allow', 'POST');
    res.status(405).json({ error: CLIENT_ERROR_TEXTS[405] });
  });
  router.post(REVALIDATE_PATH, readRawBody, async (req, res) => {
    const request = signedRequest(req, res, secret);
    if (request === undefined) return;
    const plan = await planOf(request, options.content);
    if (plan.refused.length > 0) options.logger.warn({ reqId: req.id, refused: plan.refused }, 'published records refused');
    if (!(await publishedEverywhere(req, res, plan, options))) return;
    // Once, here: the others revalidated their own caches on the bus (decision 036).
    const purges = [];
    for (const target of plan.targets) purges.push(...((await options.purges?.purgeNow(purgeTagsOf(target))) ?? []));
    revalidations.labels('published').inc();
    options.logger.info({ reqId: req.id, targets: plan.targets.length, refused: plan.refused.length }, 'content revalidated');
    const answer = { revalidated: describe(plan.targets), ...(purges.length > 0 ? { purges } : {}) };
    if (plan.refused.length > 0) return void res.status(422).json({ error: MESSAGES.refused, refused: plan.refused, ...answer });
    res.status(202).json(answer);
  });
  return router;
}

// The raw bytes: the signature is over them, and they are parsed only once it holds.
const raw = express.raw({ limit: '64kb', type: () => true });

const readRawBody: RequestHandler = (req, res, next) =>
  raw(req, res, (error?: unknown) => {
    if (error === undefined || error === null) return next();
    const status = (error as { status?: number }).status === 413 ? 413 : 400;
    res.status(status).json({ error: MESSAGES.badBody });
  });

/** The body once its signature holds (a replay refused after five minutes), else the refusal answered. */
function signedRequest(req: Request, res: Response, secret: string | undefined): RevalidationRequest | undefined {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const signature = req.get(SIGNATURE_HEADER);
  const check = secret === undefined ? 'invalid' : signature !== undefined ? checkSignature(signature, body, secret) : 'missing';
  if (check !== 'valid') {
    const error = check === 'expired' ? MESSAGES.expired : check === 'invalid' ? MESSAGES.badSignature : MESSAGES.unauthorized;
    return void res.status(401).json({ error });
  }
  let request: RevalidationRequest | undefined;
  try {
    request = parseRevalidationRequest(JSON.parse(body.toString('utf8')));
  } catch {
    request = undefined;
  }
  if (request === undefined) res.status(400).json({ error: MESSAGES.badBody });
  return request;
}

/** Carries every target to every process (the bus); 503 when the others could not be told. */
async function publishedEverywhere(req: Request, res: Response, plan: Plan, options: RevalidateApiOptions): Promise<boolean> {
  try {
    for (const target of plan.targets) await options.bus.publish(target);
    return true;
  } catch (error) {
    options.logger.error(
      { reqId: req.id, targets: plan.targets.length, refused: plan.refused.length, err: { message: (error as Error).message } },
      'revalidation applied here but not published to other instances',
    );
    revalidations.labels('unpublished').inc();
    res.status(503).json({ error: MESSAGES.unavailable });
    return false;
  }
}
