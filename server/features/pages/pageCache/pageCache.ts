import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { ELEMENT_ANCHOR_PARAM } from '../../../../shared/browser/anchors.ts';
import { hasDataParam } from '../../../../shared/routes/dataRequest.ts';
import { invalidQueryParamOf, pageUrlOf } from '../routing/pageUrl.ts';
import { isCanonicalPath } from '../routing/canonicalPath.ts';
import { entityTagInCoding, entityTagOf } from '../../../platform/http/conditionalRequests.ts';
import type { ContentCoding } from '../../../platform/http/contentCoding.ts';
import type { CacheableStatus } from '../../../platform/http/cacheControl.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The bodies a cached page is kept in, by content coding (`Accept-Encoding`). */
export type PageEncoding = ContentCoding;

/** Header names and values in turn, as Node's `writeHead` takes them: ready to write. */
export type HeaderList = readonly string[];

export interface CachedPage {
  readonly status: CacheableStatus;
  /**
   * The entity tag of each body, one per content coding (decision 038): sent, and matched against
   * `If-None-Match`, only with status 200 (validators are for 2xx).
   */
  readonly etags: Readonly<Record<PageEncoding, string>>;
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
  /**
   * The headers of each answer a hit can give, built once when stored: the response's but
   * per-request ones, plus `Vary`, `X-Cache` and the body's validator, encoding and length; a
   * 304's are the 200's without the body's encoding and length (RFC 9110 §15.4.5).
   */
  readonly replay: Readonly<Record<PageEncoding, HeaderList>>;
  readonly notModified: Readonly<Record<PageEncoding, HeaderList>>;
  /** The cache clock's time until which the entry is fresh; after, it is served only while it is rendered afresh. */
  readonly freshUntil: number;
  /** The cache's `generation` when the render of this entry started: older than a revalidation is stale. */
  readonly generation: number;
  /** The cache tags it was sent with (`Surrogate-Key`, decision 027): a revalidation of any of them concerns it. */
  readonly tags: ReadonlySet<string>;
}

export interface PageCacheOptions {
  readonly maxBytes: number;
  readonly ttlMs: number;
  /** A revalidated page is dropped, not served stale: a purged HTTP cache in front would keep a stale copy a day (decision 027). */
  readonly dropOnRevalidation?: boolean | undefined;
  /** The clock (milliseconds, monotonic): `performance.now` unless a test drives time itself. */
  readonly now?: (() => number) | undefined;
}

/** Renders a page URL through the whole app, as a visitor's request goes, resolving with its status (`backgroundRender.ts`). */
export type BackgroundRender = (key: string) => Promise<number>;

/** Share of the byte budget that 404 pages may take: a scanner's misses never evict real pages. */
const NOT_FOUND_SHARE = 1 / 16;
/** Pages compressed at once (brotli 11 costs more than a render); a page finding every slot busy is not stored this time. */
export const MAX_CONCURRENT_STORES = 2;
/** 404 keys remembered for admission (the second miss on a path stores its 404 page). */
const NOT_FOUND_SEEN_KEYS = 4096;
/** Shortest time between two background renders of one key: a burst of revalidations renders a page once per window. */
export const REFRESH_COALESCE_MS = 5000;

/**
 * Rendered HTML of anonymous GETs, bounded by bytes, fresh as long as the content it was rendered
 * from (the policy's TTL, decision 046), kept with its headers and CSP (decision 010). 404 pages
 * are kept apart, in a small share of the budget and from the second miss on a path, so a scan
 * of random paths neither evicts pages nor costs a compression per path.
 *
 * An entry past its TTL or revalidated is not dropped (every request of a busy page would render
 * at once): it is served while one background render per key (`connect`, which the app calls
 * with the site itself), at most one per REFRESH_COALESCE_MS, replaces it; a render that answers
 * anything but a page or a 404 (a redirect published in the CMS) drops the entry, one that fails
 * (an outage) keeps it. Concurrent misses of one key share one render (`renderOf`/`trackRender`,
 * in front of the app: cachedPages.ts).
 */
export class PageCache {
  readonly #pages: LRUCache<string, CachedPage>;
  readonly #notFound: LRUCache<string, CachedPage>;
  readonly #notFoundSeen: LRUCache<string, true>;
  /** Keys being compressed right now, each with the promise of its store. */
  readonly #storing = new Map<string, Promise<void>>();
  /** Stores of background renders waiting for a compression slot. */
  readonly #queued = new Map<string, Promise<void>>();
  /** Renders in progress, by key: concurrent misses of the key wait for it instead of rendering too. */
  readonly #renders = new Map<string, Promise<void>>();
  /** Keys with a background render scheduled or running. */
  readonly #scheduled = new Set<string>();
  /** When each key's last background render ended (`performance.now()`), (the cache clock), for coalescing. */
  readonly #lastRefresh: LRUCache<string, number>;
  /** Background renders (warm-up, refreshes) run one at a time, so visitors' requests interleave between them. */
  #backgroundQueue: Promise<unknown> = Promise.resolve();
  /** Background renders queued or running, with their stores (not a refresh still waiting out its window). */
  readonly #backgroundWork = new Set<Promise<void>>();
  #render: BackgroundRender | undefined;
  /** Entries rendered before this generation are stale (`{"all": true}`). */
  #staleBefore = 0;
  readonly #ttlMs: number;
  /** Counts invalidations (on-demand revalidation): see `generation`. */
  #generation = 0;
  readonly #dropOnRevalidation: boolean;
  readonly #now: () => number;

  constructor(options: PageCacheOptions) {
    this.#dropOnRevalidation = options.dropOnRevalidation ?? false;
    const now = options.now ?? (() => performance.now());
    this.#now = now;
    // lru-cache reads the same clock for its own TTLs.
    const perf = { now };
    const sizeCalculation = (page: CachedPage) => page.identity.length + page.gzip.length + page.br.length + 512;
    const notFoundBytes = Math.max(1, Math.floor(options.maxBytes * NOT_FOUND_SHARE));
    this.#ttlMs = options.ttlMs;
    // A page is refreshed in the background, and only the byte budget evicts it; a 404 page is
    // kept two TTLs, the second being the most it is served while rendered afresh.
    this.#pages = new LRUCache<string, CachedPage>({ maxSize: Math.max(1, options.maxBytes - notFoundBytes), sizeCalculation, perf });
    this.#notFound = new LRUCache<string, CachedPage>({ maxSize: notFoundBytes, sizeCalculation, ttl: 2 * options.ttlMs, perf });
    this.#notFoundSeen = new LRUCache<string, true>({ max: NOT_FOUND_SEEN_KEYS, ttl: options.ttlMs, perf });
    this.#lastRefresh = new LRUCache<string, number>({ max: NOT_FOUND_SEEN_KEYS * 4 });
  }

  /** From now on, stale entries are refreshed by background renders (server/app.ts). */
  connect(render: BackgroundRender): void {
    this.#render = render;
  }

  /** Past its time to live on the cache's clock, or rendered before a revalidation: served only while it is rendered afresh. */
  isStale(page: CachedPage): boolean {
    return page.freshUntil <= this.#now() || page.generation < this.#staleBefore;
  }

  /** The entry to answer with; a stale one is still the answer, and its background render is scheduled. */
  get(key: string): CachedPage | undefined {
    const page = this.#pages.get(key) ?? this.#notFound.get(key);
    if (page !== undefined && this.isStale(page)) this.#scheduleRefresh(key);
    return page;
  }

  /** Compresses once, off the request path, then stores; renders of a key already being compressed are dropped. */
  async store(
    key: string,
    html: Buffer,
    headers: OutgoingHttpHeaders,
    status: CacheableStatus = 200,
    renderedAt = this.#generation,
    options: { readonly waitForSlot?: boolean } = {},
  ): Promise<void> {
    // Being compressed already: that store ends the refresh of an expired entry, if there is one.
    if (this.#storing.has(key)) return;
    // A render that started before a revalidation is stored, but stale (refreshed again after the
    // coalescing window): it is no older than the entry it replaces; dropping on revalidation, not at all.
    const outdated = renderedAt !== this.#generation && this.#dropOnRevalidation;
    if (options.waitForSlot && this.#storing.size >= MAX_CONCURRENT_STORES)
      return this.#storeWhenASlotFrees(key, html, headers, status, renderedAt);
    if (outdated || !this.#admits(key, status) || this.#storing.size >= MAX_CONCURRENT_STORES) return;
    const stored = this.#compressAndStore(key, html, headers, status, renderedAt);
    this.#storing.set(key, stored);
    return stored;
  }

  /** A background render's store waits for a compression slot (`storeOf` covers the wait too). */
  #storeWhenASlotFrees(key: string, html: Buffer, headers: OutgoingHttpHeaders, status: CacheableStatus, renderedAt: number) {
    const queued = this.#queued.get(key);
    if (queued !== undefined) return queued;
    const store = (async () => {
      while (this.#storing.size >= MAX_CONCURRENT_STORES) await Promise.race(this.#storing.values()).catch(() => undefined);
      this.#queued.delete(key);
      await this.store(key, html, headers, status, renderedAt, { waitForSlot: true });
    })();
    this.#queued.set(key, store);
    return store;
  }

  async #compressAndStore(key: string, html: Buffer, headers: OutgoingHttpHeaders, status: CacheableStatus, renderedAt: number) {
    try {
      // A page rendered again into the same bytes (the usual refresh) keeps its compressed copies:
      // a burst of refreshes would otherwise take the cores from visitors (`npm run bench`).
      const previous = this.#pages.peek(key) ?? this.#notFound.peek(key);
      // Awaited either way: `store` registers this promise in #storing before its `finally` runs.
      const [gzipped, brotli] = await (previous !== undefined && previous.identity.equals(html)
        ? Promise.resolve([previous.gzip, previous.br] as const)
        : Promise.all([
            gzipAsync(html, { level: 9 }),
            brotliAsync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
          ]));
      const tag = entityTagOf(html);
      const etags = { identity: tag, gzip: entityTagInCoding(tag, 'gzip'), br: entityTagInCoding(tag, 'br') };
      const common = { ...headers, vary: 'Accept-Encoding', 'x-cache': 'HIT' };
      const validator = (encoding: PageEncoding) => (status === 200 ? { etag: etags[encoding] } : {});
      const replay = {
        identity: headerList({ ...common, ...validator('identity'), 'content-length': html.length }),
        gzip: headerList({ ...common, ...validator('gzip'), 'content-encoding': 'gzip', 'content-length': gzipped.length }),
        br: headerList({ ...common, ...validator('br'), 'content-encoding': 'br', 'content-length': brotli.length }),
      };
      const notModified = {
        identity: headerList({ ...common, ...validator('identity') }),
        gzip: headerList({ ...common, ...validator('gzip') }),
        br: headerList({ ...common, ...validator('br') }),
      };
      let page: CachedPage = {
        status,
        etags,
        identity: html,
        gzip: gzipped,
        br: brotli,
        replay,
        notModified,
        freshUntil: this.#now() + this.#ttlMs,
        generation: renderedAt,
        tags: new Set(
          String(headers['surrogate-key'] ?? '')
            .split(' ')
            .filter(Boolean),
        ),
      };
      // Revalidated while this page rendered or compressed: it may show the old content, so it is
      // stored stale, to be rendered afresh on its next request (dropping on revalidation, not stored).
      if (renderedAt !== this.#generation && this.#dropOnRevalidation) return;
      if (renderedAt !== this.#generation) page = { ...page, freshUntil: 0 };
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

  /** The render of this key in progress (a visitor's or a background one), if any. */
  renderOf(key: string): Promise<void> | undefined {
    return this.#renders.get(key);
  }

  /**
   * Registers a render of `key` that settles with `finished`: concurrent misses of the key wait
   * for it (then find the stored page) instead of rendering the same page again.
   */
  trackRender(key: string, finished: Promise<void>): void {
    const tracked = finished.finally(() => {
      if (this.#renders.get(key) === tracked) this.#renders.delete(key);
    });
    this.#renders.set(key, tracked);
  }

  /** Settles when the store of `key` in progress, if any, is over. */
  storeOf(key: string): Promise<void> {
    return this.#storing.get(key) ?? this.#queued.get(key) ?? Promise.resolve();
  }

  /**
   * Renders `key` in the background now (warm-up at start), one background render at a time
   * with the refreshes; resolves with the status the page was answered with.
   */
  renderNow(key: string): Promise<number> {
    const render = this.#render;
    if (render === undefined) return Promise.reject(new Error('the page cache has no background renderer'));
    const rendered = this.#backgroundQueue.then(() => render(key));
    this.#backgroundQueue = rendered.catch(() => undefined);
    this.#track(rendered.then(() => this.storeOf(key)));
    return rendered;
  }

  #track(work: Promise<unknown>): void {
    const settled: Promise<void> = work
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.#backgroundWork.delete(settled));
    this.#backgroundWork.add(settled);
  }

  /**
   * Settles when no background render is queued or running and their stores are over (a
   * refresh waiting out its coalescing window is not queued yet): what a caller awaits to know
   * that everything asked of the cache so far has been rendered, and nothing more will be now.
   */
  async backgroundIdle(): Promise<void> {
    while (this.#backgroundWork.size > 0) await Promise.all(this.#backgroundWork);
  }

  /** One background render of a stale key, at most one per REFRESH_COALESCE_MS (a burst of revalidations coalesces). */
  #scheduleRefresh(key: string): void {
    if (this.#render === undefined || this.#scheduled.has(key)) return;
    this.#scheduled.add(key);
    const last = this.#lastRefresh.get(key);
    const wait = last === undefined ? 0 : Math.max(0, last + REFRESH_COALESCE_MS - this.#now());
    const run = () => {
      const refresh = this.renderNow(key)
        .then(
          async (status) => {
            await this.storeOf(key);
            // Anything but a page or a 404 (a redirect published for the path, a client error):
            // the entry is no longer the answer. A server error (an outage) keeps it.
            if (status !== 200 && status !== 404 && status < 500) {
              this.#pages.delete(key);
              this.#notFound.delete(key);
            }
          },
          () => undefined,
        )
        .finally(() => {
          this.#lastRefresh.set(key, this.#now());
          this.#scheduled.delete(key);
        });
      this.#track(refresh);
    };
    if (wait === 0) run();
    else setTimeout(run, wait).unref();
  }

  /**
   * Revalidates the entries of these paths, whatever their query (on-demand revalidation,
   * server/features/revalidation/): a page is stale (served while it is rendered afresh in the
   * background) unless the cache drops on revalidation; 404 pages are dropped. Returns how many entries were concerned.
   */
  invalidatePaths(paths: readonly string[]): number {
    const wanted = new Set(paths);
    return this.#invalidate((key) => wanted.has(key.indexOf('?') === -1 ? key : key.slice(0, key.indexOf('?'))));
  }

  /**
   * Revalidates the entries sent with any of these cache tags (a publish, decision 027), as
   * `invalidatePaths` does. A 404 page is tagged too (the record it looked for, the redirects).
   */
  invalidateTags(tags: readonly string[]): number {
    return this.#invalidate((_key, page) => page !== undefined && tags.some((tag) => page.tags.has(tag)));
  }

  #invalidate(concerned: (key: string, page?: CachedPage) => boolean): number {
    this.#generation += 1;
    let dropped = 0;
    for (const store of [this.#pages, this.#notFound]) {
      for (const [key, page] of [...store.entries()]) {
        if (!concerned(key, page)) continue;
        dropped += 1;
        // A page stays the answer until its background render replaces it.
        if (!this.#dropOnRevalidation && store === this.#pages) store.set(key, { ...page, freshUntil: 0 }, { noUpdateTTL: true });
        else store.delete(key);
      }
    }
    for (const key of [...this.#notFoundSeen.keys()]) if (concerned(key)) this.#notFoundSeen.delete(key);
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

  /**
   * On-demand revalidation of the whole site: every page is stale (served while it is rendered
   * afresh, on its next request, in the background) unless the cache drops on revalidation; 404
   * pages are dropped.
   */
  clear(): void {
    this.#generation += 1;
    this.#staleBefore = this.#generation;
    if (this.#dropOnRevalidation) this.#pages.clear();
    this.#notFound.clear();
    this.#notFoundSeen.clear();
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
  // A variant of a path (`/about//`, `/x/../about/`) is a 301 to its one form, never an entry (decision 018).
  if (!isCanonicalPath(queryStart === -1 ? originalUrl : originalUrl.slice(0, queryStart))) return undefined;
  if (queryStart === -1) return originalUrl;
  const search = originalUrl.slice(queryStart);
  if (hasDataParam(search)) return undefined;
  // §5 `element_anchor_id` is the routing rules' redirect to a fragment (server/features/pages/routing/elementAnchor.ts), never a page.
  if (new URLSearchParams(search).has(ELEMENT_ANCHOR_PARAM)) return undefined;
  const path = originalUrl.slice(0, queryStart);
  // A value naming no page is a 404 of the routing rules, never an entry (decision 018).
  if (invalidQueryParamOf(path, search) !== undefined) return undefined;
  return pageUrlOf(path, search);
}

/** Headers that belong to one response and are never replayed from the cache. */
export const PER_REQUEST_HEADERS = new Set([
  'x-request-id',
  'server-timing',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'vary',
  'etag',
]);
