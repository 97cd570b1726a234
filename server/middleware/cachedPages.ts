import type { RequestHandler } from 'express';
import type { PageCache } from '../ssr/pageCache.ts';
import { pageCacheKey } from '../ssr/pageCache.ts';
import { pageCacheLookups } from '../monitoring/metrics.ts';

/**
 * Answers from the page cache before any other work: the stored response's status and own
 * headers (the CSP included, with the hashes of the stored HTML's inline scripts), a page's ETag (304 on a match;
 * a 404 has none) and its gzip or brotli body, all computed once when stored. Written with Node's
 * `writeHead`/`end`, not Express's `send`, which would hash and compress the body again on
 * every request.
 */
export function cachedPages(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    const key = pageCacheKey(req.method, req.originalUrl);
    const page = key === undefined ? undefined : cache.get(key);
    if (page === undefined) {
      if (key !== undefined) pageCacheLookups.misses += 1;
      return next();
    }
    pageCacheLookups.hits += 1;

    if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
      res.writeHead(304, page.replay.notModified).end();
      return;
    }
    // Brotli whenever the client accepts it at all: it is precomputed, so its smaller size is free.
    const encoding = req.headers['accept-encoding'] === undefined
      ? false
      : req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip');
    const [body, headers] = encoding === 'br' ? [page.brotli, page.replay.br]
      : encoding === 'gzip' ? [page.gzip, page.replay.gzip]
      : [page.identity, page.replay.identity];
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
