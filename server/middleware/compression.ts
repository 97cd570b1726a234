import { constants as zlib } from 'node:zlib';
import compressionMiddleware from 'compression';
import type { RequestHandler } from 'express';

/**
 * gzip/brotli for responses made per request (rendered pages, JSON, files). Brotli at quality 4:
 * the library's default (11) costs more CPU than rendering the page; cached pages carry their
 * quality-11 bodies, compressed once (server/ssr/pageCache.ts).
 */
export function compression(): RequestHandler {
  return compressionMiddleware({
    threshold: 1024,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
