import { createHash } from 'node:crypto';
import path from 'node:path';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { createIPX, type IPX } from 'ipx';
import sharp from 'sharp';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import type { Logger } from '../logging/logger.ts';
import { markExpectedRefusal } from '../http/expectedRefusal.ts';
import { ROOT_DIR } from '../paths.ts';
import { DiskCache } from './diskCache.ts';
import { ImageError } from './imageError.ts';
import { inspectImage } from './inspectImage.ts';
import { IMAGE_LIMITS, type ImageLimits } from './limits.ts';
import { loadSource } from './loadSource.ts';
import { describeVariant, negotiateFormat, parseModifiers, toIpxModifiers } from './modifiers.ts';
import { resolveSource } from './sources.ts';
import { isSiteVariant, type ImageVariant } from '../../shared/ui/imageVariants.ts';

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
}

/** Seconds a client should wait when the queue is full. */
const RETRY_AFTER_SECONDS = '5';

/** A processing job and the clients still waiting for it: dropped while queued once none is left. */
interface Job {
  readonly result: Promise<Buffer>;
  readonly abort: AbortController;
  clients: number;
}

/** Part of every cache key and ETag: bump it when the processing itself changes. */
const PIPELINE_VERSION = 'ipx3-1';

/**
 * §7 `/_ipx/<modifiers>/<source>`: resizes and converts images from `public/` and IMAGE_DOMAINS
 * with ipx (sharp). Sources are resolved and checked here (`sources.ts`, `loadSource.ts`,
 * `inspectImage.ts`) before ipx sees a single byte: ipx gets the verified bytes through a
 * storage that can read nothing else. Results are immutable (the URL names the variant) and kept
 * on disk, so a variant is computed once per deploy, not once per visitor.
 *
 * It serves the site, not whoever asks: only the variants the site's own pages request
 * (`shared/ui/imageVariants.ts`, derived from the layouts `<Image>` plans its srcsets from), a
 * short queue (then 503 with Retry-After), a queued job dropped when its clients have left, and a
 * per-address limit on images that must be computed.
 */
export function imageService(options: ImageServiceOptions): Router {
  // libvips keeps up to 50 MB of recent operations per process by default; every variant is kept
  // on disk by DiskCache already, so that memory only grew the worker under a stream of new
  // variants (the hostile soak: +22 % RSS in a minute).
  sharp.cache(false);
  const limits: ImageLimits = { ...IMAGE_LIMITS, ...options.limits };
  const cache = new DiskCache(options.cacheDir ?? path.join(ROOT_DIR, '.cache', 'ipx'), limits.maxCacheBytes);
  const ipx = createVerifiedIpx(limits);
  const slots = new Semaphore(limits.concurrency, limits.maxQueued);
  const inFlight = new Map<string, Job>();
  const allowVariant = options.allowVariant ?? isSiteVariant;
  // Per address, counted only for images that must be computed (a cached variant costs a file read).
  const perIp = imageRateLimit(limits.perIpPerMinute);

  const router = Router();
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      await serveImage(req, res);
    } catch (error) {
      sendError(res, error, options.logger, req);
    }
  });

  async function serveImage(req: Request, res: Response) {
    const pathOnly = req.url.split('?')[0] ?? '';
    const slash = pathOnly.indexOf('/', 1);
    if (!pathOnly.startsWith('/') || slash === -1) throw new ImageError(400, 'Адрес: /_ipx/<модификаторы>/<изображение>');
    const modifiers = parseModifiers(decode(pathOnly.slice(1, slash)), limits);
    if (!allowVariant(modifiers)) throw new ImageError(400, 'Такой вариант изображения сайт не использует');
    const source = await resolveSource(pathOnly.slice(slash + 1), { publicDir: options.publicDir, domains: options.domains });
    const format = negotiateFormat(modifiers.format, req.get('accept'));
    const ipxModifiers = toIpxModifiers(modifiers, format);
    const key = createHash('sha256')
      .update(`${PIPELINE_VERSION}\n${source.version}\n${describeVariant(ipxModifiers)}`)
      .digest('hex');
    const etag = `"${key.slice(0, 40)}"`;

    res.setHeader('Cache-Control', CACHE_CONTROL.immutable);
    res.setHeader('ETag', etag);
    if (modifiers.format === 'auto') res.setHeader('Vary', 'Accept');
    if (
      req
        .get('if-none-match')
        ?.split(',')
        .some((tag) => tag.trim() === etag)
    ) {
      res.status(304).end();
      return;
    }

    let data = await cache.get(key);
    if (data === undefined) {
      let job = inFlight.get(key);
      if (job === undefined) {
        await perIp(req, res);
        const abort = new AbortController();
        const result = slots.run(async () => {
          const bytes = await loadSource(source, limits);
          await inspectImage(bytes, limits);
          const output = await ipx(source.id, ipxModifiers, { data: bytes }).process();
          return Buffer.isBuffer(output.data) ? output.data : Buffer.from(output.data);
        }, abort.signal);
        const created: Job = { result, abort, clients: 0 };
        job = created;
        inFlight.set(key, created);
        void result
          .then(
            (output) => cache.set(key, output),
            () => undefined,
          )
          .finally(() => inFlight.delete(key));
      }
      const waiting = job;
      waiting.clients += 1;
      // A client that leaves stops waiting; when none is left, a job still queued is dropped.
      let left = false;
      const leave = () => {
        left = true;
        waiting.clients -= 1;
        if (waiting.clients === 0) waiting.abort.abort();
      };
      res.once('close', leave);
      try {
        data = await waiting.result;
      } finally {
        res.off('close', leave);
        if (!left) waiting.clients -= 1;
      }
      if (left) return;
    }
    res.setHeader('Content-Type', `image/${format}`);
    res.setHeader('Content-Length', String(data.byteLength));
    res.status(200).end(req.method === 'HEAD' ? undefined : data);
  }

  return router;
}

/** ipx over a storage that only hands back the bytes this request has already verified. */
function createVerifiedIpx(limits: ImageLimits): IPX {
  return createIPX({
    storage: {
      name: 'verified-source',
      getMeta: () => ({}),
      getData: (_id, requestOptions) => {
        const data = (requestOptions as { data?: Buffer } | undefined)?.data;
        return data?.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer | undefined;
      },
    },
    // ipx copies these onto each sharp instance's options before it sets the output format, and
    // its `toFormat(format, { quality })` leaves the effort alone: this is how the AVIF effort is
    // bounded without a fork of ipx (checked by imageService.test.ts).
    sharpOptions: { limitInputPixels: limits.maxInputPixels, ...{ heifEffort: limits.avifEffort } },
    svgo: false,
  });
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ImageError(400, 'Недопустимые модификаторы');
  }
}

function sendError(res: Response, error: unknown, logger: Logger, req: Request) {
  let status = 500;
  let message = 'Не удалось обработать изображение';
  if (error instanceof ImageError) {
    ({ status, message } = error);
  } else {
    const code = (error as { statusCode?: unknown } | undefined)?.statusCode;
    // ipx and sharp reject damaged or unsupported pictures; that is the request's fault, not ours.
    status = typeof code === 'number' && code >= 400 && code < 500 ? code : 422;
    logger.warn({ err: error, reqId: req.id, url: req.originalUrl }, 'image processing failed');
  }
  if (res.headersSent || res.destroyed) return res.end();
  if (status === 503) {
    res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
    markExpectedRefusal(res);
  }
  res.removeHeader('ETag');
  res.removeHeader('Vary');
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  res.status(status).setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(message);
}

/**
 * Per-address limit of computed images: 429 with Retry-After (express-rate-limit, memory store:
 * per worker, enough against one address flooding the service with new variants).
 */
function imageRateLimit(perMinute: number): (req: Request, res: Response) => Promise<void> {
  const limiter: RequestHandler = rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    validate: { xForwardedForHeader: false },
    handler: (_req, _res, next) => next(new ImageError(429, 'Слишком много запросов изображений, повторите позже')),
  });
  return (req, res) =>
    new Promise((resolve, reject) => {
      void limiter(req, res, (error?: unknown) =>
        error === undefined ? resolve() : reject(error instanceof Error ? error : new ImageError(500, 'image rate limiter failed')),
      );
    });
}

/**
 * At most `size` images are processed at once and `queueSize` wait, in order; one more is
 * refused (503) rather than queued, and a waiting job whose clients all left is dropped.
 */
class Semaphore {
  #active = 0;
  readonly #waiting: (() => void)[] = [];
  constructor(
    private readonly size: number,
    private readonly queueSize: number,
  ) {}

  async run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    if (this.#active >= this.size) {
      if (this.#waiting.length >= this.queueSize) throw new ImageError(503, 'Сервис изображений перегружен, повторите позже');
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal.removeEventListener('abort', drop);
          resolve();
        };
        const drop = () => {
          const index = this.#waiting.indexOf(start);
          if (index !== -1) this.#waiting.splice(index, 1);
          reject(new ImageError(499, 'Клиент ушёл'));
        };
        if (signal.aborted) return drop();
        signal.addEventListener('abort', drop, { once: true });
        this.#waiting.push(start);
      });
    }
    this.#active += 1;
    try {
      return await task();
    } finally {
      this.#active -= 1;
      this.#waiting.shift()?.();
    }
  }
}
