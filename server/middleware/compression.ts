import { constants as zlib } from 'node:zlib';
import compressionMiddleware from 'compression';
import type { RequestHandler } from 'express';

/**
 * gzip/brotli for responses made per request (rendered pages, JSON, files). Brotli at quality 2:
 * the library's default (11) costs more CPU than rendering the page, and so did quality 4 — on
 * the 130 KB home page 9–12 ms against 3 ms for quality 2, whose body is 11 % larger (26.8 KB
 * against 24.1 KB; docs/performance.md). A page is compressed per request only when it is not
 * in the page cache, which keeps quality-11 bodies compressed once (server/ssr/pageCache.ts).
 */
export function compression(): RequestHandler {
  return compressionMiddleware({
    threshold: 1024,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 2 } },
  });
}
