import type { Logger } from '../../../platform/logging/logger.ts';
import type { CheckState, Readiness } from '../../../platform/http/health.ts';
import type { PageCache } from './pageCache.ts';

/** Longest `/readyz` waits for the warm-up: then ready with `pageCache: "degraded"`, rather than out because content is slow. */
export const WARM_UP_READY_AFTER_MS = 60_000;

/** A path no route matches: rendering it once warms the 404 page (its modules and content). */
export const NOT_FOUND_WARM_UP_PATH = '/404/';

/** Fills the page cache after a start (decision 018): each sitemap URL in turn; `/readyz` waits at most WARM_UP_READY_AFTER_MS. */
export class WarmUp {
  readonly #startedAt = performance.now();
  #finished = false;

  constructor(private readonly readyAfterMs = WARM_UP_READY_AFTER_MS) {}

  get state(): CheckState {
    if (this.#finished) return 'ok';
    return performance.now() - this.#startedAt >= this.readyAfterMs ? 'degraded' : 'unavailable';
  }

  /** The instance's readiness with the warm-up's state as one more check. */
  readiness(base: Readiness): Readiness {
    return async () => {
      const result = await base();
      const state = this.state;
      return { ...result, ready: result.ready && state !== 'unavailable', checks: { ...result.checks, pageCache: state } };
    };
  }

  /** Renders every path into the cache; without one (no page cache, or PAGE_CACHE_WARM_UP=0) the instance is ready at once. */
  async run(cache: PageCache | undefined, paths: () => Promise<readonly string[]>, logger: Logger): Promise<void> {
    const started = performance.now();
    try {
      if (cache === undefined) return;
      const keys = [...(await paths()), NOT_FOUND_WARM_UP_PATH];
      const statuses = await Promise.all(keys.map((key) => cache.renderNow(key).catch(() => 0)));
      await Promise.all(keys.map((key) => cache.storeOf(key)));
      const failed = keys.filter((key, index) => key !== NOT_FOUND_WARM_UP_PATH && statuses[index] !== 200);
      logger.info({ pages: keys.length - 1, failed, ms: Math.round(performance.now() - started) }, 'page cache warmed up');
    } catch (error) {
      logger.warn({ err: error }, 'page cache warm-up stopped: the sitemap could not be read');
    } finally {
      this.#finished = true;
    }
  }
}
