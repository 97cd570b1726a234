import express, { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { revalidations } from '../monitoring/metrics.ts';
import { bearerMatches } from '../http/bearerToken.ts';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import { CLIENT_ERROR_TEXTS } from '../http/clientErrorTexts.ts';
import type { Logger } from '../logging/logger.ts';
import type { RevalidationBus } from './revalidationBus.ts';
import { MAX_PATHS, parseRevalidationTarget } from './revalidationTarget.ts';
import { REVALIDATE_PATH } from '../../shared/routes/serverMounts.ts';

/**
 * Revalidations a client may ask for per minute (per process, like the image limit). A CMS sends
 * one per publication; beyond this a stuck or hostile webhook is refused before it is even
 * authenticated, and what gets through is coalesced by the page cache anyway (decision 018).
 */
export const REVALIDATIONS_PER_MINUTE = 120;

const MESSAGES = {
  unauthorized: 'Нужен заголовок Authorization: Bearer с секретом ревалидации.',
  badBody: `Ожидается JSON {"paths": ["/blog/", …]} (от 1 до ${MAX_PATHS} путей сайта) или {"all": true}.`,
  unavailable: 'Кэш этого экземпляра сброшен, но другие экземпляры оповестить не удалось. Повторите запрос позже.',
  tooMany: 'Слишком много запросов ревалидации, повторите позже.',
} as const;

/**
 * `POST /api/revalidate` (docs/deploy.md): what a CMS's publish webhook calls. With the bearer
 * secret and `{"paths": [...]}` or `{"all": true}`, the content cache and the cached pages
 * concerned are dropped in every process serving the site (the bus), and the answer is 202.
 * Without REVALIDATE_SECRET configured the endpoint does not exist (404).
 */
export function revalidateApi(options: { secret: string | undefined; bus: RevalidationBus; logger: Logger }): Router {
  const { secret, bus, logger } = options;
  const router = Router();
  const json = express.json({ limit: '64kb', strict: true, type: () => true });
  const limit = rateLimit({
    windowMs: 60_000,
    limit: REVALIDATIONS_PER_MINUTE,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
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
    if (secret === undefined || !bearerMatches(req, secret)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return void res.status(401).json({ error: MESSAGES.unauthorized });
    }
    next();
  });
  router.post(
    REVALIDATE_PATH,
    (req, res, next) => {
      json(req, res, (error?: unknown) => {
        if (error !== undefined && error !== null) {
          const status = (error as { status?: number }).status === 413 ? 413 : 400;
          return void res.status(status).json({ error: MESSAGES.badBody });
        }
        next();
      });
    },
    async (req, res) => {
      const target = parseRevalidationTarget(req.body);
      if (target === undefined) return void res.status(400).json({ error: MESSAGES.badBody });
      const scope = 'all' in target ? { all: true } : { paths: target.paths.length };
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
      res.status(202).json('all' in target ? { revalidated: 'all' } : { revalidated: target.paths });
    },
  );
  return router;
}
