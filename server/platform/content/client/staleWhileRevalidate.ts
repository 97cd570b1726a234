import { LRUCache } from 'lru-cache';

/** A loaded value and how many `expireAll` calls came before its load started. */
type Entry = { readonly value: unknown; readonly generation: number };

type Load = () => Promise<unknown>;

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
 * The content cache (decisions 005, 047) on lru-cache's `fetch`: a stale value served while one refresh per key
 * runs, a failed load keeping the last good one, which a waiting caller gets instead of the error. Only a key never
 * loaded fails (`allowStaleOnFetchRejection` would resolve `undefined`: "missing" and "unavailable" must differ).
 */
export class StaleWhileRevalidateCache {
  readonly #entries: LRUCache<string, Entry, Load>;
  #generation = 0;

  constructor({ ttlMs, max, onError, now }: StaleWhileRevalidateOptions) {
    this.#entries = new LRUCache<string, Entry, Load>({
      max,
      ttl: ttlMs,
      ttlResolution: 0,
      allowStale: true,
      noDeleteOnFetchRejection: true,
      // A load whose key is evicted while it runs still answers the reads that wait for it.
      ignoreFetchAbort: true,
      ...(now === undefined ? {} : { perf: { now } }),
      fetchMethod: async (key, _stale, { context: load }) => {
        const generation = this.#generation;
        try {
          return { value: await load(), generation };
        } catch (error) {
          onError(key, error);
          throw error;
        }
      },
    });
  }

  /** Number of keys with a last good value (lru-cache's `size` also counts first loads under way). */
  get size(): number {
    let count = 0;
    this.#entries.forEach(() => (count += 1));
    return count;
  }

  async get<T>(key: string, load: () => Promise<T>, { forceRefresh = false } = {}): Promise<T> {
    // A value older than the last `expireAll` is reloaded before use, as is one a load begun before it brought.
    const generation = this.#generation;
    let refresh = forceRefresh || this.#last(key)?.generation !== generation;
    try {
      for (;;) {
        const entry = await this.#entries.fetch(key, { context: load, forceRefresh: refresh, allowStale: !refresh });
        if (entry === undefined) throw new Error(`${key}: the content cache loaded nothing`);
        if (entry.generation >= generation) return entry.value as T;
        refresh = true;
      }
    } catch (error) {
      const last = this.#last(key);
      if (last !== undefined) return last.value as T;
      throw error;
    }
  }

  /** Every value loaded again before it is served (a publish), kept meanwhile: a failed reload serves the last good one. */
  expireAll(): void {
    this.#generation += 1;
  }

  #last(key: string): Entry | undefined {
    return this.#entries.peek(key, { allowStale: true });
  }
}
