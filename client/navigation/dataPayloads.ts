import { data } from 'react-router';
import { DATA_PARAM, type DataPayload } from '../../shared/routes/dataRequest.ts';

/** How long a prefetched payload may stand in for a navigation's own request. */
export const PREFETCH_TTL_MS = 30_000;
/** Prefetched pages remembered at once; the oldest is dropped first. */
const MAX_PREFETCHED = 40;

/** The data request of a page URL: the same URL with `?_data=<route ids>` (dataRequest.ts). */
export async function fetchDataPayload(url: URL, ids: readonly string[], signal?: AbortSignal): Promise<DataPayload> {
  const target = new URL(url);
  target.hash = '';
  target.searchParams.set(DATA_PARAM, ids.join(','));
  const response = await fetch(target, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw data(null, { status: response.status });
  return (await response.json()) as DataPayload;
}

interface Prefetched {
  readonly ids: ReadonlySet<string>;
  readonly payload: Promise<DataPayload>;
  readonly at: number;
}

/** A page's key: path and query, never the hash (the server does not see it). */
export function pageKey(url: URL): string {
  return url.pathname + url.search;
}

/** Data prefetched ahead of a click (§2), taken once, within the TTL, and only if it covers every route needed. */
export class PrefetchedPayloads {
  readonly #entries = new Map<string, Prefetched>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  has(url: URL): boolean {
    const entry = this.#entries.get(pageKey(url));
    return entry !== undefined && this.#now() - entry.at < PREFETCH_TTL_MS;
  }

  remember(url: URL, ids: readonly string[], payload: Promise<DataPayload>): void {
    const key = pageKey(url);
    this.#entries.delete(key);
    this.#entries.set(key, { ids: new Set(ids), payload, at: this.#now() });
    // A failed prefetch is forgotten; the navigation then makes its own request.
    payload.catch(() => {
      if (this.#entries.get(key)?.payload === payload) this.#entries.delete(key);
    });
    while (this.#entries.size > MAX_PREFETCHED) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  /** The prefetched payload for this navigation, removed from the cache; undefined if none fits. */
  take(url: URL, ids: readonly string[]): Promise<DataPayload> | undefined {
    const key = pageKey(url);
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (this.#now() - entry.at >= PREFETCH_TTL_MS) return undefined;
    if (!ids.every((id) => entry.ids.has(id))) return undefined;
    return entry.payload;
  }
}

/** The one cache the prefetcher fills and the data strategy reads. */
export const prefetchedPayloads = new PrefetchedPayloads();
