import { createHash } from 'node:crypto';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { createIPX, type IPX } from 'ipx';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import type { Logger } from '../logging/logger.ts';
import { ROOT_DIR } from '../paths.ts';
import { DiskCache } from './diskCache.ts';
import { ImageError } from './imageError.ts';
import { inspectImage } from './inspectImage.ts';
import { IMAGE_LIMITS, type ImageLimits } from './limits.ts';
import { loadSource } from './loadSource.ts';
import { describeVariant, negotiateFormat, parseModifiers, toIpxModifiers } from './modifiers.ts';
import { resolveSource } from './sources.ts';

export interface ImageServiceOptions {
  readonly publicDir: string;
  /** IMAGE_DOMAINS: hosts (optionally host:port) remote sources may come from. */
  readonly domains: readonly string[];
  /** Default: `.cache/ipx` in the project (IMAGE_CACHE_DIR overrides it). */
  readonly cacheDir?: string | undefined;
  readonly logger: Logger;
  readonly limits?: Partial<ImageLimits>;
}

/** Part of every cache key and ETag: bump it when the processing itself changes. */
const PIPELINE_VERSION = 'ipx3-1';

/**
 * §7 `/_ipx/<modifiers>/<source>`: resizes and converts images from `public/` and IMAGE_DOMAINS
 * with ipx (sharp). Sources are resolved and checked here (`sources.ts`, `loadSource.ts`,
 * `inspectImage.ts`) before ipx sees a single byte: ipx gets the verified bytes through a
 * storage that can read nothing else. Results are immutable (the URL names the variant) and kept
 * on disk, so a variant is computed once per deploy, not once per visitor.
 */
export function imageService(options: ImageServiceOptions): Router {
  const limits: ImageLimits = { ...IMAGE_LIMITS, ...options.limits };
  const cache = new DiskCache(options.cacheDir ?? path.join(ROOT_DIR, '.cache', 'ipx'), limits.maxCacheBytes);
  const ipx = createVerifiedIpx(limits);
  const slots = new Semaphore(limits.concurrency);
  const inFlight = new Map<string, Promise<Buffer>>();

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
    const source = await resolveSource(pathOnly.slice(slash + 1), { publicDir: options.publicDir, domains: options.domains });
    const format = negotiateFormat(modifiers.format, req.get('accept'));
    const ipxModifiers = toIpxModifiers(modifiers, format);
    const key = createHash('sha256').update(`${PIPELINE_VERSION}\n${source.version}\n${describeVariant(ipxModifiers)}`).digest('hex');
    const etag = `"${key.slice(0, 40)}"`;

    res.setHeader('Cache-Control', CACHE_CONTROL.immutable);
    res.setHeader('ETag', etag);
    if (modifiers.format === 'auto') res.setHeader('Vary', 'Accept');
    if (req.get('if-none-match')?.split(',').some((tag) => tag.trim() === etag)) {
      res.status(304).end();
      return;
    }

    let data = await cache.get(key);
    if (data === undefined) {
      let pending = inFlight.get(key);
      if (pending === undefined) {
        pending = slots.run(async () => {
          const bytes = await loadSource(source, limits);
          await inspectImage(bytes, limits);
          const result = await ipx(source.id, ipxModifiers, { data: bytes }).process();
          return Buffer.isBuffer(result.data) ? result.data : Buffer.from(result.data);
        });
        inFlight.set(key, pending);
        void pending.then((output) => cache.set(key, output), () => undefined).finally(() => inFlight.delete(key));
      }
      data = await pending;
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
    sharpOptions: { limitInputPixels: limits.maxInputPixels },
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
  if (res.headersSent) return res.end();
  res.removeHeader('ETag');
  res.removeHeader('Vary');
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  res.status(status).setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(message);
}

/** At most `size` images are processed at once; the rest wait in order. */
class Semaphore {
  #active = 0;
  readonly #waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active += 1;
    try {
      return await task();
    } finally {
      this.#active -= 1;
      this.#waiting.shift()?.();
    }
  }
}
