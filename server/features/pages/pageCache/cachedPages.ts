import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { isBackgroundRender } from './backgroundRender.ts';
import { pageCacheKey, type CachedPage, type PageCache } from './pageCache.ts';
import { pageCacheLookups } from '../../../platform/monitoring/metrics.ts';
import { noteCacheStatus } from '../../../platform/http/cacheStatus.ts';
import { ifNoneMatchMatches } from '../../../platform/http/conditionalRequests.ts';
import { codingFor } from '../../../platform/http/contentCoding.ts';
import { withHttpsOnlyHeaders } from '../../../platform/http/securityHeaders.ts';

/** Answers a request from the page cache and says so, or says it did not (a miss, or not a page). */
export type PageCacheHits = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Answers before Express (decision 010): the stored page in the encoding asked, or a 304 (decision 038), in one write. */
export function pageCacheHits(cache: PageCache, httpsOnlyHeaders: (req: IncomingMessage) => boolean = () => false): PageCacheHits {
  return (req, res) => {
    const found = lookedUp.get(req) ?? lookUp(cache, req);
    lookedUp.delete(req);
    if (found === NOT_A_PAGE) return false;
    const page = found.page;
    if (page === undefined) {
      pageCacheLookups.misses += 1;
      noteCacheStatus(req, 'miss');
      return false;
    }
    pageCacheLookups.hits += 1;
    noteCacheStatus(req, cache.isStale(page) ? 'stale' : 'hit');

    const encoding = codingFor(req.headers['accept-encoding']);
    const notModified = page.status === 200 && ifNoneMatchMatches(req.headers['if-none-match'], page.etags[encoding]);
    const status = notModified ? 304 : page.status;
    const stored = notModified ? page.notModified[encoding] : page.replay[encoding];
    // Stored as plain HTTP gets them; HSTS and `upgrade-insecure-requests` added for HTTPS (securityHeaders.ts).
    const headers = httpsOnlyHeaders(req) ? withHttpsOnlyHeaders(stored) : stored;
    // Node only reads the list (merged with the request id the access log set).
    res.writeHead(status, headers as string[]);
    res.end(notModified || req.method === 'HEAD' ? undefined : page[encoding]);
    return true;
  };
}

const NOT_A_PAGE = Symbol('not a page');
type Lookup = typeof NOT_A_PAGE | { readonly page: CachedPage | undefined };

/** The page a request is answered with, if any; NOT_A_PAGE when the page cache does not look at it. */
function lookUp(cache: PageCache, req: IncomingMessage): Lookup {
  if (isBackgroundRender(req)) return NOT_A_PAGE;
  const key = pageCacheKey(req.method ?? '', req.url ?? '');
  if (key === undefined) return NOT_A_PAGE;
  const page = cache.get(key);
  // A 404 page prints the path with its query (§2/§8): it is served only for the very URL it was rendered for.
  return { page: page === undefined || (page.status === 404 && key !== req.url) ? undefined : page };
}

/** A lookup made before the request reached the listener (`pageCacheWillAnswer`), used by its answer in the same tick. */
const lookedUp = new WeakMap<IncomingMessage, Lookup>();

/** Whether the page cache will answer a request, asked before its span is made (decision 037); looked up once. */
export function pageCacheWillAnswer(cache: PageCache): (req: IncomingMessage) => boolean {
  return (req) => {
    const found = lookUp(cache, req);
    lookedUp.set(req, found);
    return found !== NOT_A_PAGE && found.page !== undefined;
  };
}

/** In front of the app: a hit answered; a miss whose render runs waits for it; any other miss renders, registered until stored. */
export function pageCacheFront(
  cache: PageCache,
  app: RequestListener,
  httpsOnlyHeaders?: (req: IncomingMessage) => boolean,
): RequestListener {
  const answerHit = pageCacheHits(cache, httpsOnlyHeaders);
  return (req, res) => {
    if (answerHit(req, res)) return;
    const key = req.method === 'GET' ? pageCacheKey(req.method, req.url ?? '') : undefined;
    if (key === undefined) return void app(req, res);
    const running = cache.renderOf(key);
    if (running !== undefined && !isBackgroundRender(req)) {
      void running.then(() => {
        if (!answerHit(req, res)) app(req, res);
      });
      return;
    }
    if (running === undefined) cache.trackRender(key, responseStored(cache, key, res));
    app(req, res);
  };
}

/** Settles once the response is over and the store of what it rendered, if any, is too. */
function responseStored(cache: PageCache, key: string, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      // The page handler starts its store in the tick it ends the response.
      setImmediate(() => void cache.storeOf(key).then(resolve, resolve));
    };
    res.once('finish', done);
    res.once('close', done);
  });
}
