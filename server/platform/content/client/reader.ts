import { LRUCache } from 'lru-cache';
import { deserializeMany, deserializeOne, type CollectionPage, type LastGoodCopies } from './deserialize.ts';
import { documentTags, recordContentTags, withContentTags, contentTag } from './contentTags.ts';
import { ContentResponseError, ContentValidationError } from './errors.ts';
import type { ValidationFailure } from './forgivingValidation.ts';
import { jsonApiPath } from './jsonApiQuery.ts';
import { PAGE_SIZE, type ListRead, type OneRead, type RecordStruct } from './reads.ts';
import { StaleWhileRevalidateCache } from './staleWhileRevalidate.ts';
import { getDocument, type Transport } from './transport.ts';

export interface ContentClientOptions {
  /** Base URL of the JSON:API service, no trailing slash (`CONTENT_API_URL`). */
  readonly baseUrl: string;
  /** Defaults to `fetch`; the embedded service passes its in-process transport. */
  readonly transport?: Transport;
  readonly timeoutMs: number;
  readonly cacheTtlMs: number;
  readonly cacheMax?: number;
  readonly logger: { warn(details: object, message: string): void };
  /** Told of every load from the service (after its retries): the server's metrics. */
  readonly onFetch?: (ok: boolean) => void;
  /** Told of every record, field or list item the validation refused or dropped: the server's metrics. */
  readonly onValidationFailure?: (failure: ValidationFailure) => void;
  /** Read the CMS's working copy with this bearer token, uncached: an editor sees each save, no draft is cached (decision 021). */
  readonly preview?: { readonly token: string } | undefined;
  /** Runs when content was published, before the cache is expired (the embedded service re-reads its seed). */
  readonly beforeExpire?: (() => void) | undefined;
  /** Which published records the source refuses, and why: the embedded service re-reads its seed (decision 036). */
  readonly checkPublished?: ((records: readonly PublishedRecord[]) => RefusedRecord[]) | undefined;
}

/** A record a publish event names: its JSON:API type and id. */
export type PublishedRecord = { readonly type: string; readonly id: string };

/** A published record that does not validate: its last good copy is still served. */
export type RefusedRecord = PublishedRecord & { readonly reason: string };

/** How a preview asks a JSON:API CMS for unpublished records (Drupal's spelling; decision 021). */
export const WORKING_COPY_QUERY = 'resourceVersion=rel:working-copy';

/** `forceRefresh`: reload now even if the cached copy is fresh (the refresh job). */
type RefreshOptions = { readonly forceRefresh?: boolean };

/** A list longer than this many pages is a service bug, not content. */
const MAX_PAGES = 50;

/** Under every read: JSON:API over a transport, validated, cached under the request path that logs name too. */
export class ContentReader {
  readonly #options: ContentClientOptions;
  readonly #transport: Transport;
  readonly #cache: StaleWhileRevalidateCache;
  /** Per record schema, the last valid copy of each listed record (decision 021: a list keeps it like a page does). */
  readonly #lastGood = new WeakMap<object, LRUCache<string, object>>();

  constructor(options: ContentClientOptions) {
    this.#options = options;
    this.#transport = options.transport ?? ((url, init) => fetch(url, init));
    this.#cache = new StaleWhileRevalidateCache({
      ttlMs: options.cacheTtlMs,
      max: options.cacheMax ?? 2000,
      onError: (key, error) => {
        // A refused record is reported like a dropped field; the cache goes on serving its last good copy.
        if (error instanceof ContentValidationError) this.#report(`GET ${key}`, { ...error.resource, outcome: 'record refused' });
        else options.logger.warn({ err: error, request: key }, 'content request failed');
      },
    });
  }

  /** One warning per failure, naming the resource and field, never the value (decision 021). */
  #report(endpoint: string, failure: ValidationFailure): void {
    this.#options.logger.warn({ ...failure, request: endpoint }, 'content validation failed');
    this.#options.onValidationFailure?.(failure);
  }

  /** How many responses are cached: what the site could still show without the service. */
  get cachedEntries(): number {
    return this.#cache.size;
  }

  /** Every cached document is reloaded before its next use (a failed reload keeps the last good copy). */
  expireAll(): void {
    this.#options.beforeExpire?.();
    this.#cache.expireAll();
  }

  /** One resource, cached; `null` when the service answers 404. */
  one<R, T>(read: OneRead<R, T>, options?: RefreshOptions): Promise<T | null> {
    const fullPath = jsonApiPath(read.path, read.query);
    return this.cached(
      fullPath,
      async () => {
        const endpoint = `GET ${fullPath}`;
        const result = await getDocument(this.#url(fullPath), endpoint, this.#getOptions());
        // The record's own tag even when it does not exist yet: its 404 page is purged when it is published.
        recordContentTags(result.status === 404 ? [pathTag(read.path)] : documentTags(result.body, 'record'));
        return result.status === 404
          ? null
          : read.map(deserializeOne(result.body, read.struct, endpoint, (failure) => this.#report(endpoint, failure)));
      },
      options,
    );
  }

  /** Why the record at `path`, read now, would be refused (decisions 021, 036); undefined when shown or missing. */
  async refusal<R>(path: string, struct: RecordStruct<R>): Promise<string | undefined> {
    const endpoint = `GET ${path}`;
    const result = await getDocument(this.#url(path), endpoint, this.#getOptions());
    if (result.status === 404) return undefined;
    try {
      deserializeOne(result.body, struct, endpoint, () => undefined);
      return undefined;
    } catch (error) {
      if (error instanceof ContentValidationError) this.#report(endpoint, { ...error.resource, outcome: 'record refused' });
      if (error instanceof ContentResponseError) return error.message;
      throw error;
    }
  }

  /** Every page of a collection, cached as one value. */
  all<R, T>(read: ListRead<R, T>, options?: RefreshOptions): Promise<T> {
    const fullPath = jsonApiPath(read.path, read.paged ? { ...read.query, page: { size: PAGE_SIZE } } : read.query);
    return this.cached(fullPath, async () => read.map(await this.#fetchAll(fullPath, read.struct)), options);
  }

  /** One page of a collection, as the service answered it (not cached: the caller caches its result). */
  collectionPage<R>(fullPath: string, struct: RecordStruct<R>): Promise<CollectionPage<R>> {
    return this.#getMany(this.#url(fullPath), `GET ${fullPath}`, struct);
  }

  /** A value cached with the cache tags of what its load read (`contentTags.ts`), recorded in each use's request scope. */
  async cached<T>(key: string, load: () => Promise<T>, options?: RefreshOptions): Promise<T> {
    if (this.#options.preview !== undefined) return this.#counted(load, true);
    const tagged = async (): Promise<{ value: T; tags: readonly string[] }> => {
      const { result, tags } = withContentTags(load);
      return { value: await this.#counted(() => result), tags: [...tags] };
    };
    const entry = await this.#cache.get(key, tagged, options);
    recordContentTags(entry.tags);
    return entry.value;
  }

  /** The status of one request made now, without the cache and without a retry (readiness). */
  async probe(fullPath: string): Promise<number> {
    return (await getDocument(this.#url(fullPath), `GET ${fullPath}`, { ...this.#getOptions(), retries: 0 })).status;
  }

  /** A load told to `onFetch`; uncached (a preview), a refused record is reported here, as the cache's `onError` does otherwise. */
  async #counted<T>(load: () => Promise<T>, uncached = false): Promise<T> {
    try {
      const value = await load();
      this.#options.onFetch?.(true);
      return value;
    } catch (error) {
      this.#options.onFetch?.(false);
      if (uncached && error instanceof ContentValidationError)
        this.#report(error.endpoint, { ...error.resource, outcome: 'record refused' });
      throw error;
    }
  }

  #url(path: string): string {
    if (this.#options.preview === undefined) return `${this.#options.baseUrl}${path}`;
    return `${this.#options.baseUrl}${path}${path.includes('?') ? '&' : '?'}${WORKING_COPY_QUERY}`;
  }

  async #fetchAll<T>(fullPath: string, struct: RecordStruct<T>): Promise<T[]> {
    const items: T[] = [];
    let url: string | null = this.#url(fullPath);
    for (let pages = 0; url !== null; pages += 1) {
      const endpoint: string = `GET ${url.slice(this.#options.baseUrl.length) || url}`;
      if (pages >= MAX_PAGES) throw new ContentResponseError(endpoint, 'links.next', `more than ${MAX_PAGES} pages`);
      const result: CollectionPage<T> = await this.#getMany(url, endpoint, struct);
      items.push(...result.items);
      url = result.next === null ? null : this.#sameService(result.next, url, endpoint);
    }
    return items;
  }

  async #getMany<T>(url: string, endpoint: string, struct: RecordStruct<T>): Promise<CollectionPage<T>> {
    const result = await getDocument(url, endpoint, this.#getOptions());
    // A collection never 404s in JSON:API; one that does has no such collection.
    if (result.status === 404) throw new ContentResponseError(endpoint, 'status', 'the collection does not exist (404)');
    // The collection's own type even when the list is empty (an author with no articles yet).
    recordContentTags([pathTag(endpoint.slice('GET '.length).split('?')[0] ?? ''), ...documentTags(result.body, 'collection')]);
    return deserializeMany(result.body, struct, endpoint, (failure) => this.#report(endpoint, failure), this.#lastGoodOf(struct));
  }

  /** Only the published content keeps last good copies: a preview shows the working copy as it is. */
  #lastGoodOf<T>(struct: RecordStruct<T>): LastGoodCopies<T> | undefined {
    if (this.#options.preview !== undefined) return undefined;
    const copies = this.#lastGood.get(struct) ?? new LRUCache<string, object>({ max: this.#options.cacheMax ?? 2000 });
    this.#lastGood.set(struct, copies);
    return copies as unknown as LastGoodCopies<T>;
  }

  /** `links.next` resolved against the request; a link leaving the service is refused. */
  #sameService(next: string, current: string, endpoint: string): string {
    const resolved = urlWithinService(next, current, this.#options.baseUrl);
    if (resolved === undefined) throw new ContentResponseError(endpoint, 'links.next', 'points outside the content service');
    return resolved;
  }

  #getOptions() {
    const preview = this.#options.preview;
    return {
      transport: this.#transport,
      timeoutMs: this.#options.timeoutMs,
      retries: 1,
      headers: preview === undefined ? undefined : { Authorization: `Bearer ${preview.token}` },
    };
  }
}

/** `/articles/x` → `articles:x`, `/articles` → `articles`: the tag a request path stands for. */
function pathTag(path: string): string {
  const [type = '', ...id] = path.replace(/^\//, '').split('/');
  return id.length === 0 ? contentTag(type) : contentTag(type, id.join('/'));
}

/** For a resource that must exist: the service's 404 is a wrong answer, not "no such record". */
export function required(endpoint: string) {
  return <T>(value: T | null): T => {
    if (value === null) throw new ContentResponseError(`GET ${endpoint}`, 'data', 'the resource does not exist (404)');
    return value;
  };
}

/**
 * A URL the content service handed over (`links.next`), resolved, or undefined when it leaves the service (blind
 * SSRF): the exact origin, no credentials, and the path inside the base path as whole segments (a string prefix
 * would admit `https://cms.example.evil.com` and `https://cms.example@evil.com`).
 */
export function urlWithinService(candidate: string, current: string, baseUrl: string): string | undefined {
  const resolved = URL.parse(candidate, current);
  const base = URL.parse(baseUrl);
  if (resolved === null || base === null) return undefined;
  if (resolved.origin !== base.origin || resolved.username !== '' || resolved.password !== '') return undefined;
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return resolved.pathname.startsWith(prefix) ? resolved.href : undefined;
}
