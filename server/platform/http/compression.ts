import { constants as zlib } from 'node:zlib';
import compressionMiddleware from 'compression';
import type { RequestHandler } from 'express';
import { COMPRESSION_THRESHOLD_BYTES, PER_REQUEST_BROTLI_QUALITY, PER_REQUEST_GZIP_LEVEL } from './contentCoding.ts';

/**
 * gzip/brotli for responses made per request (rendered pages, JSON, files). A page is compressed
 * per request only when it is not in the page cache, which keeps quality-11 brotli and level-9
 * gzip bodies compressed once (server/features/pages/pageCache/pageCache.ts); so here the CPU time counts more than
 * the last bytes. Measured on the site's pages as the middleware compresses them (one stream per
 * response, ten at a time; process CPU, all threads, as docs/performance.md measures it): brotli quality 2
 * took 1.5–1.7 ms per 100–130 KB page, a sixth of it on the main thread (its encoder sets up
 * a 4 MB window per response), quality 1 0.35–0.45 ms for a body 5 % larger (home: 28.1 against
 * 26.7 KB), and gzip cannot match it at any level (level 1: 0.6–0.8 ms, 33.5 KB). gzip, for the
 * few clients without brotli, at level 4 instead of the library's 6: a third less CPU for a body
 * 5 % larger (home: 29.3 against 28.0 KB). A body sent with its validator is compressed with the
 * same settings before it gets here (server/platform/http/sendRepresentation.ts: its ETag names its coding,
 * decision 038), and passes through untouched.
 */
export function compression(): RequestHandler {
  return compressionMiddleware({
    // A response that already has its validator is sent as that validator names it (decision 038):
    // the bodies this middleware would compress then are sent compressed by their handler
    // (server/platform/http/sendRepresentation.ts) or from the build's precompressed files.
    filter: (req, res) => !res.hasHeader('ETag') && compressionMiddleware.filter(req, res),
    threshold: COMPRESSION_THRESHOLD_BYTES,
    level: PER_REQUEST_GZIP_LEVEL,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } },
  });
}
