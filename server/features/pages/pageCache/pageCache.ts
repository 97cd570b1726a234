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
const ignore = () => undefined;
const brotliAsync = promisify(brotliCompress);

/** Header names and values in turn, as Node's `writeHead` takes them: ready to write. */
export type HeaderList = readonly string[];

export interface CachedPage {
  readonly status: CacheableStatus;
  /** The entity tag of each body, per content coding (decision 038); sent and matched only with status 200. */
  readonly etags: Readonly<Record<ContentCoding, string>>;
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
  /** The headers of each answer a hit gives, built once: a 304's lack the body's encoding and length (RFC 9110 §15.4.5). */
  readonly replay: Readonly<Record<ContentCoding, HeaderList>>;
  readonly notModified: Readonly<Record<ContentCoding, HeaderList>>;
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
 * Rendered HTML of anonymous GETs with its headers and CSP, bounded by bytes, fresh for the policy's TTL (decisions
 * 010, 046). 404 pages are kept apart, in a small share and from the second miss on a path, so a scan of random
 * paths neither evicts pages nor costs a compression per path. An entry past its TTL or revalidated is served while
 * one background render per key (at most one per REFRESH_COALESCE_MS) replaces it; a render answering anything but
 * a page or a 404 drops it, one that fails keeps it. Concurrent misses of one key share one render (cachedPages.ts).
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
  /** When each key's last background render ended (the cache clock), for coalescing. */
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
    const now = (this.#now = options.now ?? (() => performance.now()));
    // lru-cache reads the same clock for its own TTLs.
    const perf = { now };
    const sizeCalculation = (page: CachedPage) => page.identity.length + page.gzip.length + page.br.length + 512;
    const notFoundBytes = Math.max(1, Math.floor(options.maxBytes * NOT_FOUND_SHARE));
    this.#ttlMs = options.ttlMs;
    // Only the byte budget evicts a page; a 404 page is kept two TTLs, the second while it is rendered afresh.
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
    if (this.#storing.has(key)) return;
    // A render begun before a revalidation is stored stale (`#compressAndStore`), unless the cache drops on revalidation.
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
      // The same bytes rendered again (the usual refresh) keep their compressed copies (`npm run bench`).
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
      const bodies = { identity: html, gzip: gzipped, br: brotli };
      const headersOf = (encoding: ContentCoding, body: boolean) =>
        headerList({
          ...headers,
          vary: 'Accept-Encoding',
          'x-cache': 'HIT',
          ...(status === 200 ? { etag: etags[encoding] } : {}),
          ...(body
            ? { 'content-encoding': encoding === 'identity' ? undefined : encoding, 'content-length': bodies[encoding].length }
            : {}),
        });
      const perEncoding = (body: boolean) => ({
        identity: headersOf('identity', body),
        gzip: headersOf('gzip', body),
        br: headersOf('br', body),
      });
      let page: CachedPage = {
        status,
        etags,
        ...bodies,
        replay: perEncoding(true),
        notModified: perEncoding(false),
        freshUntil: this.#now() + this.#ttlMs,
        generation: renderedAt,
        tags: new Set(String(headers['surrogate-key'] ?? '').match(/\S+/g)),
      };
      // Revalidated while this page rendered or compressed: it may show old content, so it is stored stale.
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

  /** Registers a render of `key`: concurrent misses wait for it, then find the stored page. */
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

  /** Renders `key` in the background now (warm-up), one background render at a time; resolves with its status. */
  renderNow(key: string): Promise<number> {
    const render = this.#render;
    if (render === undefined) return Promise.reject(new Error('the page cache has no background renderer'));
    const rendered = this.#backgroundQueue.then(() => render(key));
    this.#backgroundQueue = rendered.catch(() => undefined);
    this.#track(rendered.then(() => this.storeOf(key)));
    return rendered;
  }

  #track(work: Promise<unknown>): void {
    const settled: Promise<void> = work.then(ignore, ignore).finally(() => this.#backgroundWork.delete(settled));
    this.#backgroundWork.add(settled);
  }

  /** Settles when no background render is queued or running and their stores are over (a refresh still waiting is not queued). */
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
        .then(async (status) => {
          await this.storeOf(key);
          // Anything but a page or a 404 (a published redirect) is no longer the entry's answer; an outage keeps it.
          if (status !== 200 && status !== 404 && status < 500) {
            this.#pages.delete(key);
            this.#notFound.delete(key);
          }
        }, ignore)
        .finally(() => {
          this.#lastRefresh.set(key, this.#now());
          this.#scheduled.delete(key);
        });
      this.#track(refresh);
    };
    if (wait === 0) run();
    else setTimeout(run, wait).unref();
  }

  /** Revalidates the entries of these paths, whatever their query (a page stale, a 404 dropped); returns how many. */
  invalidatePaths(paths: readonly string[]): number {
    const wanted = new Set(paths);
    return this.#invalidate((key) => wanted.has(key.indexOf('?') === -1 ? key : key.slice(0, key.indexOf('?'))));
  }

  /** Revalidates the entries sent with any of these cache tags (a publish, decision 027), 404 pages included. */
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

  /** Changes with every invalidation: read before a page's loaders run and handed to `store`. */
  get generation(): number {
    return this.#generation;
  }

  /** Bytes held, every encoding of every entry (the `page_cache_bytes` metric). */
  get bytes(): number {
    return this.#pages.calculatedSize + this.#notFound.calculatedSize;
  }

  /** Revalidation of the whole site: every page stale (or dropped, with `dropOnRevalidation`), every 404 page dropped. */
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

/** A page GET/HEAD's key: the URL it renders for (`pageUrlOf`), so undeclared parameters share an entry; else undefined. */
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
export const PER_REQUEST_HEADERS = new Set(
  'x-request-id server-timing date connection keep-alive transfer-encoding content-length content-encoding vary etag'.split(' '),
);
