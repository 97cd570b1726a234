import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { CACHE_CONTROL } from '../../platform/http/cacheControl.ts';
import { ifNoneMatchMatches } from '../../platform/http/conditionalRequests.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { imageRefusals } from '../../platform/monitoring/metrics.ts';
import { markExpectedRefusal } from '../../platform/http/expectedRefusal.ts';
import { sendHeld } from '../../platform/http/refusalHold.ts';
import { PATHS, ROOT_DIR } from '../../platform/paths.ts';
import { RateLimited } from './clientCostLimit.ts';
import { ClientRefusal, decodedOr400, ImageError } from './imageError.ts';
import { IMAGE_LIMITS, type ImageLimits } from '../../platform/config/imageLimits.ts';
import { negotiateFormat, parseModifiers } from './modifiers.ts';
import { resolveSource } from './sources.ts';
import { VariantMaker } from './variantMaker.ts';
import { isSiteVariant, type ImageVariant } from '../../../shared/ui/imageVariants.ts';
import { clientKeyOf } from '../../platform/http/clientKey.ts';

export interface ImageServiceOptions {
  readonly publicDir: string;
  /** IMAGE_DOMAINS: hosts (optionally host:port) remote sources may come from. */
  readonly domains: readonly string[];
  /** Default: `.cache/ipx` in the project (IMAGE_CACHE_DIR overrides it). */
  readonly cacheDir?: string | undefined;
  readonly logger: Logger;
  readonly limits?: Partial<ImageLimits>;
  /** Which variants are served; default: only those the site's own pages ask for. */
  readonly allowVariant?: (variant: ImageVariant) => boolean;
  /** The jobs, budget and disk cache (server/index.ts shares them with pre-generation); made here if absent. */
  readonly maker?: VariantMaker | undefined;
}

/** Seconds a client should wait when the budget's queue is full. */
const RETRY_AFTER_SECONDS = '5';

/** The maker the service would make for these options (server/index.ts makes it first to share it). */
export function createVariantMaker(options: Pick<ImageServiceOptions, 'cacheDir' | 'limits' | 'logger'>): VariantMaker {
  return new VariantMaker({ ...IMAGE_LIMITS, ...options.limits }, options.cacheDir ?? path.join(ROOT_DIR, '.cache', 'ipx'), {
    logger: options.logger,
    encoderEntry: PATHS.imageEncoder,
  });
}

/** IMAGE_COST_BUDGET's limits: the queue holds three times what runs; encoders a quarter of it (at least 2). */
export function configuredImageLimits(costBudget: number): Partial<ImageLimits> {
  return { costBudget, queuedCostBudget: 3 * costBudget, encoderProcesses: Math.max(2, Math.ceil(costBudget / 4)) };
}

/**
 * §7 `/_ipx/<modifiers>/<source>`: pictures from `public/` and IMAGE_DOMAINS resized and
 * converted by ipx (sharp), for the site only: the variants its pages ask for
 * (`shared/ui/imageVariants.ts`), sources checked before ipx sees a byte, work bounded by its
 * cost with a per-address allowance, results immutable and kept on disk (decisions 024 and 044).
 */
export function imageService(options: ImageServiceOptions): Router {
  const maker = options.maker ?? createVariantMaker(options);
  const { limits } = maker;
  const allowVariant = options.allowVariant ?? isSiteVariant;

  const router = Router();
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      await serveImage(req, res);
    } catch (error) {
      const answer = () => sendError(res, error, options.logger, req);
      if (error instanceof ClientRefusal) await sendHeld(res, answer);
      else answer();
    }
  });

  async function serveImage(req: Request, res: Response) {
    const pathOnly = req.url.split('?')[0] ?? '';
    const slash = pathOnly.indexOf('/', 1);
    if (!pathOnly.startsWith('/') || slash === -1) throw new ImageError(400, 'Адрес: /_ipx/<модификаторы>/<изображение>');
    const modifiers = parseModifiers(decodedOr400(pathOnly.slice(1, slash), 'Недопустимые модификаторы'), limits);
    if (!allowVariant(modifiers)) throw new ImageError(400, 'Такой вариант изображения сайт не использует');
    const source = await resolveSource(pathOnly.slice(slash + 1), { publicDir: options.publicDir, domains: options.domains });
    const format = negotiateFormat(modifiers.format, req.get('accept'));
    const variant = await maker.prepare(source, modifiers, format);
    const etag = `"${variant.key.slice(0, 40)}"`;

    res.setHeader('Cache-Control', CACHE_CONTROL.immutable);
    res.setHeader('ETag', etag);
    if (modifiers.format === 'auto') res.setHeader('Vary', 'Accept');
    // RFC 9110 §13.1.2: weak comparison, lists and `*` (decision 038); the 304 keeps the 200's Vary.
    if (ifNoneMatchMatches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }

    let data = await maker.cached(variant);
    if (data === undefined) {
      const waiting = maker.make(variant, { client: clientKeyOf(req.ip ?? 'unknown') });
      // A client that leaves stops waiting; when none is left, the job is stopped (variantMaker.ts).
      let left = false;
      const leave = () => {
        left = true;
        waiting.leave();
      };
      res.once('close', leave);
      try {
        data = await waiting.result;
      } finally {
        res.off('close', leave);
      }
      if (left) return;
    }
    res.setHeader('Content-Type', `image/${format}`);
    res.setHeader('Content-Length', String(data.byteLength));
    res.status(200).end(req.method === 'HEAD' ? undefined : data);
  }

  return router;
}

function sendError(res: Response, error: unknown, logger: Logger, req: Request) {
  let status: number;
  let message = 'Не удалось обработать изображение';
  if (error instanceof ImageError) {
    ({ status, message } = error);
  } else {
    const code = (error as { statusCode?: unknown } | undefined)?.statusCode;
    // ipx and sharp reject damaged or unsupported pictures; that is the request's fault, not ours.
    status = typeof code === 'number' && code >= 400 && code < 500 ? code : 422;
    logger.warn({ err: error, reqId: req.id, url: req.originalUrl }, 'image processing failed');
  }
  if (status === 429 || status === 503) imageRefusals.labels(String(status)).inc();
  if (res.headersSent || res.destroyed) return res.end();
  if (status === 503) {
    res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
    markExpectedRefusal(res);
  }
  if (error instanceof RateLimited) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res.removeHeader('ETag');
  res.removeHeader('Vary');
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  res.status(status).setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(message);
}
