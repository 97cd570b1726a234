import express, { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { revalidations } from '../monitoring/metrics.ts';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import { CLIENT_ERROR_TEXTS } from '../http/clientErrorTexts.ts';
import type { Logger } from '../logging/logger.ts';
import type { RevalidationBus } from './revalidationBus.ts';
import { MAX_PATHS, parseRevalidationRequest } from './revalidationTarget.ts';
import { checkSignature, SIGNATURE_HEADER } from './signature.ts';
import { REVALIDATE_PATH } from '../../shared/routes/serverMounts.ts';
import { IPV6_CLIENT_PREFIX } from '../http/clientKey.ts';

/**
 * Revalidations a client may ask for per minute (per process, like the image limit). A CMS sends
 * one per publication; beyond this a stuck or hostile webhook is refused before it is even
 * authenticated, and what gets through is coalesced by the page cache anyway (decision 018).
 */
export const REVALIDATIONS_PER_MINUTE = 120;

const MESSAGES = {
  unauthorized: `Нужна подпись ${SIGNATURE_HEADER}: t=<время>,v1=<HMAC-SHA256 от "<время>.<тело>">, ключ — секрет ревалидации.`,
  badSignature: `Подпись ${SIGNATURE_HEADER} не сходится с телом запроса.`,
  expired: `Подпись ${SIGNATURE_HEADER} устарела: её время дальше пяти минут от часов сервера.`,
  badBody: `Ожидается JSON {"tags": ["articles", …]}, {"paths": ["/blog/", …]} (от 1 до ${MAX_PATHS}), {"all": true} или событие публикации {"data": {"type": …, "id": …}}.`,
  unavailable: 'Кэш этого экземпляра сброшен, но другие экземпляры оповестить не удалось. Повторите запрос позже.',
  tooMany: 'Слишком много запросов ревалидации, повторите позже.',
} as const;

/**
 * `POST /api/revalidate` (docs/deploy.md): what a CMS's publish webhook calls. Signed with
 * REVALIDATE_SECRET (`signature.ts`), a body of cache tags,
 * site paths, `{"all": true}` or a JSON:API publish event (its record's tags, decision 027) is
 * carried to every process serving the site (the bus), each of which revalidates its caches and
 * purges the HTTP caches in front (`purgers.ts`); the answer is 202. Anything else changes
 * nothing. Without REVALIDATE_SECRET configured the endpoint does not exist (404).
 */
export function revalidateApi(options: { secret: string | undefined; bus: RevalidationBus; logger: Logger }): Router {
  const { secret, bus, logger } = options;
  const router = Router();
  // The raw bytes: the signature is over them, and they are parsed only once it holds.
  const raw = express.raw({ limit: '64kb', type: () => true });
  const limit = rateLimit({
    windowMs: 60_000,
    limit: REVALIDATIONS_PER_MINUTE,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ipv6Subnet: IPV6_CLIENT_PREFIX,
    validate: { xForwardedForHeader: false },
    handler: (_req, res) => void res.status(429).json({ error: MESSAGES.tooMany }),
  });
  router.all(REVALIDATE_PATH, (req, res, next) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    if (secret === undefined) return void res.status(404).json({ error: CLIENT_ERROR_TEXTS[404] });
    next();
  });
  router.all(REVALIDATE_PATH, limit, (req, res, next) => {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return void res.status(405).json({ error: CLIENT_ERROR_TEXTS[405] });
    }
    next();
  });
  router.post(
    REVALIDATE_PATH,
    (req, res, next) => {
      raw(req, res, (error?: unknown) => {
        if (error !== undefined && error !== null) {
          const status = (error as { status?: number }).status === 413 ? 413 : 400;
          return void res.status(status).json({ error: MESSAGES.badBody });
        }
        next();
      });
    },
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      // Every call is signed, by a CMS or by `npm run revalidate`: the secret never travels, and
      // the replay of a captured call is refused after five minutes.
      const signature = req.get(SIGNATURE_HEADER);
      const check = secret === undefined ? 'invalid' : signature !== undefined ? checkSignature(signature, body, secret) : 'missing';
      if (check !== 'valid') {
        const error = check === 'expired' ? MESSAGES.expired : check === 'invalid' ? MESSAGES.badSignature : MESSAGES.unauthorized;
        return void res.status(401).json({ error });
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return void res.status(400).json({ error: MESSAGES.badBody });
      }
      const target = parseRevalidationRequest(parsed);
      if (target === undefined) return void res.status(400).json({ error: MESSAGES.badBody });
      const scope = 'all' in target ? { all: true } : 'tags' in target ? { tags: target.tags.length } : { paths: target.paths.length };
      try {
        await bus.publish(target);
      } catch (error) {
        logger.error(
          { reqId: req.id, ...scope, err: { message: (error as Error).message } },
          'revalidation applied here but not published to other instances',
        );
        revalidations.labels('unpublished').inc();
        return void res.status(503).json({ error: MESSAGES.unavailable });
      }
      revalidations.labels('published').inc();
      logger.info({ reqId: req.id, ...scope }, 'content revalidated');
      res
        .status(202)
        .json(
          'all' in target
            ? { revalidated: 'all' }
            : 'tags' in target
              ? { revalidated: { tags: target.tags } }
              : { revalidated: target.paths },
        );
    },
  );
  return router;
}
