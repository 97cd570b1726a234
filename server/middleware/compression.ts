import { constants as zlib } from 'node:zlib';
import compressionMiddleware from 'compression';
import type { RequestHandler } from 'express';

/**
 * gzip/brotli that still streams: `compression` gives the response a `flush()`, and React's
 * pipeable stream calls `flush()` after every batch it writes, so the shell leaves at once.
 * Brotli at quality 4 for responses made per request: the library's default (11) costs more
 * CPU than rendering the page; cached pages carry their quality-11 bodies (server/ssr/pageCache.ts).
 */
export function compression(): RequestHandler {
  return compressionMiddleware({
    threshold: 1024,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
