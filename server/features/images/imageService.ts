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
import { VariantMaker, type PreparedVariant } from './variantMaker.ts';
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

/** §7 `/_ipx/<modifiers>/<source>`: only the pages' variants, sources checked, work bounded, results immutable (decision 044). */
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

  /** The pipeline: the variant asked for, a 304 if the client has it, else the bytes from disk or a job. */
  async function serveImage(req: Request, res: Response) {
    const variant = await variantAsked(req);
    if (sentNotModified(req, res, variant)) return;
    const data = (await maker.cached(variant)) ?? (await madeFor(maker, req, res, variant));
    if (data === undefined) return;
    res.setHeader('Content-Type', `image/${variant.format}`);
    res.setHeader('Content-Length', String(data.byteLength));
    res.status(200).end(req.method === 'HEAD' ? undefined : data);
  }

  async function variantAsked(req: Request): Promise<PreparedVariant> {
    const pathOnly = req.url.split('?')[0] ?? '';
    const slash = pathOnly.indexOf('/', 1);
    if (!pathOnly.startsWith('/') || slash === -1) throw new ImageError(400, 'Адрес: /_ipx/<модификаторы>/<изображение>');
    const modifiers = parseModifiers(decodedOr400(pathOnly.slice(1, slash), 'Недопустимые модификаторы'), limits);
    if (!allowVariant(modifiers)) throw new ImageError(400, 'Такой вариант изображения сайт не использует');
    const source = await resolveSource(pathOnly.slice(slash + 1), { publicDir: options.publicDir, domains: options.domains });
    return maker.prepare(source, modifiers, negotiateFormat(modifiers.format, req.get('accept')));
  }

  return router;
}

/** Immutable with an ETag from the variant's key; true once a 304 is sent (RFC 9110 §13.1.2, decision 038). */
function sentNotModified(req: Request, res: Response, variant: PreparedVariant): boolean {
  const etag = `"${variant.key.slice(0, 40)}"`;
  res.setHeader('Cache-Control', CACHE_CONTROL.immutable);
  res.setHeader('ETag', etag);
  // The 304 keeps the 200's Vary.
  if (variant.modifiers.format === 'auto') res.setHeader('Vary', 'Accept');
  if (!ifNoneMatchMatches(req.headers['if-none-match'], etag)) return false;
  res.status(304).end();
  return true;
}

/** The job's result, or undefined when this client left first (the job stops once all have: variantMaker.ts). */
async function madeFor(maker: VariantMaker, req: Request, res: Response, variant: PreparedVariant): Promise<Buffer | undefined> {
  const waiting = maker.make(variant, { client: clientKeyOf(req.ip ?? 'unknown') });
  let left = false;
  const leave = () => {
    left = true;
    waiting.leave();
  };
  res.once('close', leave);
  try {
    const data = await waiting.result;
    return left ? undefined : data;
  } finally {
    res.off('close', leave);
  }
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
