import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { hasDataParam } from '../../shared/routes/dataRequest.ts';
import { invalidQueryParamOf, pageUrlOf } from './pageUrl.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The statuses a rendered page is kept with: the page, or the 404 page of a path that has none. */
export type CacheableStatus = 200 | 404;

/** The bodies a cached page is kept in, by content coding (`Accept-Encoding`). */
export type PageEncoding = 'identity' | 'gzip' | 'br';

/** Header names and values in turn, as Node's `writeHead` takes them: ready to write. */
export type HeaderList = readonly string[];

export interface CachedPage {
  readonly status: CacheableStatus;
  /** Sent, and matched against `If-None-Match`, only with status 200: validators are for 2xx. */
  readonly etag: string;
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
  /**
   * The complete headers of each answer a hit can give, built once when stored (a hit only picks
   * one and adds its request id): every header of the original response but per-request ones,
   * plus validator, `Vary`, `X-Cache` and, per body, its encoding and length.
   */
  readonly replay: Readonly<Record<'notModified' | PageEncoding, HeaderList>>;
  /** `performance.now()` until which the entry is fresh; after, it is served only while it is rendered afresh. */
  readonly freshUntil: number;
}

/** Share of the byte budget that 404 pages may take: a scanner's misses never evict real pages. */
const NOT_FOUND_SHARE = 1 / 16;
/**
 * Pages compressed at once. Brotli 11 and gzip 9 cost more than a render; a burst of new pages
 * (a crawler, a scan) must not queue compressions behind each other on the thread pool, so a
 * page that finds every slot busy is not stored this time (its next request renders it again).
 */
export const MAX_CONCURRENT_STORES = 2;
/** 404 keys remembered for admission (the second miss on a path stores its 404 page). */
const NOT_FOUND_SEEN_KEYS = 4096;
/**
 * How long one request has to render an expired entry afresh before another is let through
 * (its render failed, or was not stored because both compression slots were busy).
 */
const REFRESH_TIMEOUT_MS = 10_000;

/**
 * Rendered HTML of anonymous GETs, bounded by bytes. An entry lives as long as the content it
 * was rendered from may be reused (the content cache TTL), so editors' changes show within that
 * time; a new build starts a new process and so a new cache. The entry keeps the headers it was
 * rendered with, its CSP included (docs/decisions/010-page-cache.md).
 *
 * 404 pages are kept too (a broken link in a campaign or a crawler's stale URL is asked for as
 * often as a page), apart: in their own small share of the budget, so a scan of random paths
 * cannot push real pages out, and only from the second miss on a path, so a scan never costs
 * a compression per path.
 *
 * An entry past its TTL is not dropped at once: the first request after the TTL renders the page
 * afresh, and until that render is stored (or for one more TTL at most) every other request still
 * gets the old entry. Dropping it made every request of a busy page render at the same moment —
 * 50 connections, 50 renders, seconds of stall once a minute; the content client serves its
 * content stale-while-revalidate the same way. On-demand revalidation still drops at once.
 */
export class PageCache {
  readonly #pages: LRUCache<string, CachedPage>;
  readonly #notFound: LRUCache<string, CachedPage>;
  readonly #notFoundSeen: LRUCache<string, true>;
  /** Keys being compressed right now. */
  readonly #storing = new Set<string>();
  /** Expired keys one request is rendering afresh: the others are served the old entry meanwhile. */
  readonly #refreshing: LRUCache<string, true>;
  readonly #ttlMs: number;
  /** Counts invalidations (on-demand revalidation): see `generation`. */
  #generation = 0;

  constructor(options: { maxBytes: number; ttlMs: number }) {
    const sizeCalculation = (page: CachedPage) => page.identity.length + page.gzip.length + page.br.length + 512;
    const notFoundBytes = Math.max(1, Math.floor(options.maxBytes * NOT_FOUND_SHARE));
    this.#ttlMs = options.ttlMs;
    // Kept for two TTLs: the second is the most an expired entry is served while it is rendered afresh.
    const ttl = 2 * options.ttlMs;
    this.#pages = new LRUCache<string, CachedPage>({ maxSize: Math.max(1, options.maxBytes - notFoundBytes), sizeCalculation, ttl });
    this.#notFound = new LRUCache<string, CachedPage>({ maxSize: notFoundBytes, sizeCalculation, ttl });
    this.#notFoundSeen = new LRUCache<string, true>({ max: NOT_FOUND_SEEN_KEYS, ttl: options.ttlMs });
    this.#refreshing = new LRUCache<string, true>({ max: NOT_FOUND_SEEN_KEYS, ttl: REFRESH_TIMEOUT_MS });
  }

  /**
   * The entry to answer with. An expired one is a miss for the first request that finds it (that
   * request renders the page afresh) and still the answer for the others until the new render is
   * stored or REFRESH_TIMEOUT_MS pass.
   */
  get(key: string): CachedPage | undefined {
    const page = this.#pages.get(key) ?? this.#notFound.get(key);
    if (page === undefined || page.freshUntil > performance.now() || this.#refreshing.has(key)) return page;
    this.#refreshing.set(key, true);
    return undefined;
  }

  /**
   * Compresses once, off the request path, then stores. A burst on a page that is not cached yet
   * renders it once per request until the first store lands; only the first of those renders is
   * compressed (brotli at quality 11 costs far more than a render), the others are dropped.
   */
  async store(
    key: string,
    html: Buffer,
    headers: OutgoingHttpHeaders,
    status: CacheableStatus = 200,
    renderedAt = this.#generation,
  ): Promise<void> {
    // Being compressed already: that store ends the refresh of an expired entry, if there is one.
    if (this.#storing.has(key)) return;
    if (renderedAt !== this.#generation || !this.#admits(key, status) || this.#storing.size >= MAX_CONCURRENT_STORES) {
      // Not stored: the next request after an expiry may render it again.
      this.#refreshing.delete(key);
      return;
    }
    this.#storing.add(key);
    try {
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(html, { level: 9 }),
        brotliAsync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      ]);
      const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
      const common = { ...headers, ...(status === 200 ? { etag } : {}), vary: 'Accept-Encoding', 'x-cache': 'HIT' };
      const replay = {
        notModified: headerList(common),
        identity: headerList({ ...common, 'content-length': html.length }),
        gzip: headerList({ ...common, 'content-encoding': 'gzip', 'content-length': gzipped.length }),
        br: headerList({ ...common, 'content-encoding': 'br', 'content-length': brotli.length }),
      };
      const page: CachedPage = {
        status,
        etag,
        identity: html,
        gzip: gzipped,
        br: brotli,
        replay,
        freshUntil: performance.now() + this.#ttlMs,
      };
      // Revalidated while this page rendered or compressed: it may show the old content.
      if (renderedAt !== this.#generation) return;
      // A path is in one of the two stores: the one its latest render belongs in.
      if (status === 200) {
        this.#notFound.delete(key);
        this.#pages.set(key, page);
      } else {
        this.#pages.delete(key);
        this.#notFound.set(key, page);
      }
    } finally {
      this.#storing.delete(key);
      this.#refreshing.delete(key);
    }
  }

  /** A page is stored at once; a 404 page from the second miss on its path (or when its expired copy is still held). */
  #admits(key: string, status: CacheableStatus): boolean {
    if (status === 200 || this.#notFoundSeen.has(key) || this.#notFound.has(key)) return true;
    this.#notFoundSeen.set(key, true);
    return false;
  }

  get size(): number {
    return this.#pages.size + this.#notFound.size;
  }

  /**
   * Drops the entries of these paths, whatever their query (on-demand revalidation,
   * server/revalidation/): the next request renders them afresh. Returns how many were dropped.
   */
  invalidatePaths(paths: readonly string[]): number {
    this.#generation += 1;
    const wanted = new Set(paths);
    let dropped = 0;
    const concerned = (key: string) => wanted.has(key.indexOf('?') === -1 ? key : key.slice(0, key.indexOf('?')));
    for (const store of [this.#pages, this.#notFound]) {
      for (const key of [...store.keys()]) if (concerned(key) && store.delete(key)) dropped += 1;
    }
    for (const key of [...this.#notFoundSeen.keys()]) if (concerned(key)) this.#notFoundSeen.delete(key);
    for (const key of [...this.#refreshing.keys()]) if (concerned(key)) this.#refreshing.delete(key);
    return dropped;
  }

  /**
   * Changes with every invalidation. A page handler reads it before its loaders run and hands it
   * to `store`: a page rendered from content older than the latest revalidation is not stored.
   */
  get generation(): number {
    return this.#generation;
  }

  /** Bytes held, every encoding of every entry (the `page_cache_bytes` metric). */
  get bytes(): number {
    return this.#pages.calculatedSize + this.#notFound.calculatedSize;
  }

  /** Drops every entry (on-demand revalidation of the whole site). */
  clear(): void {
    this.#generation += 1;
    this.#pages.clear();
    this.#notFound.clear();
    this.#notFoundSeen.clear();
    this.#refreshing.clear();
  }
}

/** Headers as the flat name/value list `writeHead` takes (a header with several values appears once per value). */
function headerList(headers: OutgoingHttpHeaders): HeaderList {
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : Array.isArray(value) ? value.flatMap((one) => [name, one]) : [name, String(value)],
  );
}

/**
 * The cache key of a request, or undefined when the response must not come from the cache:
 * only GET/HEAD of pages (not data requests) are cached. The key is the URL the page is rendered
 * for (`pageUrlOf`): the path and the query parameters its route declares, so any other
 * parameter (tracking, a scanner's junk) is a hit on the same entry, never a render of its own.
 */
export function pageCacheKey(method: string, originalUrl: string): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const queryStart = originalUrl.indexOf('?');
  if (queryStart === -1) return originalUrl;
  const search = originalUrl.slice(queryStart);
  if (hasDataParam(search)) return undefined;
  const path = originalUrl.slice(0, queryStart);
  // A value naming no page is a 404 of the routing rules, never an entry (decision 018).
  if (invalidQueryParamOf(path, search) !== undefined) return undefined;
  return pageUrlOf(path, search);
}

/** Headers that belong to one response and are never replayed from the cache. */
export const PER_REQUEST_HEADERS = new Set([
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'vary',
  'etag',
]);
