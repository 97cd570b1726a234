import { LRUCache } from 'lru-cache';

interface Entry {
  readonly value: unknown;
  readonly storedAt: number;
  /** `expireAll` calls before its load started: an older entry must be reloaded before use. */
  readonly generation: number;
}

export interface StaleWhileRevalidateOptions {
  /** How long a value is fresh; after that it is served while a refresh runs in the background. */
  readonly ttlMs: number;
  /** Most entries kept (least recently used go first). Stale entries are kept until evicted. */
  readonly max: number;
  /** Called for every failed load, also the background ones nobody awaits. */
  readonly onError: (key: string, error: unknown) => void;
  readonly now?: () => number;
}

/**
 * The content cache (decision 005): fresh values are served as is; stale ones are
 * served at once while one refresh per key runs in the background; when a load fails, the last
 * good value is served for as long as it is kept, so a page rendered once keeps rendering
 * through an outage. Only a key never loaded successfully fails.
 *
 * lru-cache bounds the memory; the stale-while-revalidate policy is written out here because
 * lru-cache's own `fetch` resolves `undefined` for a failed first load, and the caller needs
 * the error to tell "missing" from "unavailable".
 */
export class StaleWhileRevalidateCache {
  readonly #entries: LRUCache<string, Entry>;
  readonly #inflight = new Map<string, Promise<unknown>>();
  readonly #options: StaleWhileRevalidateOptions;
  readonly #now: () => number;
  #generation = 0;

  constructor(options: StaleWhileRevalidateOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#entries = new LRUCache({ max: options.max });
  }

  /** Number of keys with a last good value. */
  get size(): number {
    return this.#entries.size;
  }

  async get<T>(key: string, load: () => Promise<T>, { forceRefresh = false } = {}): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry !== undefined && !forceRefresh && entry.generation === this.#generation) {
      if (this.#now() - entry.storedAt >= this.#options.ttlMs) this.#refresh(key, load).catch(() => undefined);
      return entry.value as T;
    }
    try {
      return await this.#refresh(key, load);
    } catch (error) {
      if (entry !== undefined) return entry.value as T;
      throw error;
    }
  }

  /**
   * Every value must be loaded again before it is served (an editor published: on-demand
   * revalidation). Values are kept, not dropped: a reload that fails still serves the last good
   * one, as during an outage.
   */
  expireAll(): void {
    this.#generation += 1;
    // A load started before this call may carry the old content: it is not shared with new reads.
    this.#inflight.clear();
  }

  /** One load per key at a time: concurrent misses share it (no stampede on a cold start). */
  #refresh<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.#inflight.get(key);
    if (running !== undefined) return running as Promise<T>;
    const generation = this.#generation;
    const promise = load()
      .then(
        (value) => {
          this.#entries.set(key, { value, storedAt: this.#now(), generation });
          return value;
        },
        (error: unknown) => {
          this.#options.onError(key, error);
          throw error;
        },
      )
      .finally(() => {
        if (this.#inflight.get(key) === promise) this.#inflight.delete(key);
      });
    this.#inflight.set(key, promise);
    return promise;
  }
}
