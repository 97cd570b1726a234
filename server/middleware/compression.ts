import { constants as zlib } from 'node:zlib';
import compressionMiddleware from 'compression';
import type { RequestHandler } from 'express';

/**
 * gzip/brotli for responses made per request (rendered pages, JSON, files). A page is compressed
 * per request only when it is not in the page cache, which keeps quality-11 brotli and level-9
 * gzip bodies compressed once (server/ssr/pageCache.ts); so here the CPU time counts more than
 * the last bytes. Measured on the site's pages (docs/performance.md, process CPU of a stream
 * like the middleware's, medians): brotli quality 1 takes about 40 % less than quality 2 for a
 * body 5 % larger (home, 130 KB: 0.45 against 0.78 ms, 28.1 against 26.7 KB), and it beats
 * gzip at any level on both counts (level 1: 0.96 ms, 33.5 KB). The library's defaults, brotli
 * 11 and gzip 6, cost more than the render. gzip, for the few clients without brotli, at level 4:
 * a third less CPU than the default 6 for a body 5 % larger (29.3 against 28.0 KB).
 */
export function compression(): RequestHandler {
  return compressionMiddleware({
    threshold: 1024,
    level: 4,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
  });
}
