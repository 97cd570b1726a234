import { MAX_IMAGE_WIDTH } from '../../../shared/ui/imageScreens.ts';

/**
 * What one /_ipx request may cost. A small PNG can declare a huge canvas (a decompression bomb),
 * so pixels are checked from the header before anything is decoded; bytes are counted while
 * reading, never trusted from Content-Length alone.
 */
export const IMAGE_LIMITS = {
  /** Widest and tallest output: the widest screen at density 2 (§9). */
  maxWidth: MAX_IMAGE_WIDTH,
  maxHeight: MAX_IMAGE_WIDTH,
  /** 40 megapixels: larger than any photo the site shows, small enough to decode safely. */
  maxInputPixels: 40_000_000,
  /** 15 MiB per source image. */
  maxSourceBytes: 15 * 1024 * 1024,
  /** A remote source that has not answered by then is given up. */
  fetchTimeoutMs: 8_000,
  /** Blur costs time in proportion to sigma; the placeholder needs little. */
  maxBlur: 20,
  /**
   * AVIF encoder effort (libheif, 0–9; sharp's default 4). The encode dominates an uncached AVIF
   * variant: a 3072 px one took 6.2 s at 4 and held a core that page renders need; 2 costs a few
   * per cent of size for a fraction of the time.
   */
  avifEffort: 2,
  /**
   * Cost units (`imageCost.ts`: one unit is a JPEG megapixel, about 70 ms of one core here) of
   * the jobs running at once. 16 holds two of the site's dearest variants (a 1200×630 AVIF, 6.8
   * units) or a dozen card-sized WebPs; no job takes more than 55 % of it (a 3072×2048 AVIF, 57,
   * takes 8.8), the rest staying for the others (`costBudget.ts`). The
   * machine has two cores and the page renders need them too. IMAGE_COST_BUDGET.
   */
  costBudget: 16,
  /**
   * Cost units of the jobs waiting for the budget; one more is a 503 with Retry-After. Three times
   * what runs: a page asks for a handful of new variants at a time, a scanner for thousands, and
   * a long queue only makes every image late.
   */
  queuedCostBudget: 48,
  /**
   * Encoder processes at once (`encoderPool.ts`); jobs the budget lets run beyond them wait for
   * one. They bound the memory, not the CPU: the budget admits up to 80 placeholder-sized jobs
   * at once, and each process is a Node with libvips. Four, a quarter of the budget (as
   * `configuredImageLimits` scales it): as many as the libuv threads that ran sharp's work when
   * it was done in the worker itself.
   */
  encoderProcesses: 4,
  /**
   * Cost units one address may have computed per minute (disk-cache hits cost nothing): about a
   * hundred and fifty 640 px card WebPs, thirty-five 1200 px AVIFs or four 3072×2048 ones.
   */
  perIpCostPerMinute: 240,
  /** Processed images kept on disk, oldest removed first beyond this. */
  maxCacheBytes: 512 * 1024 * 1024,
} as const;

export type ImageLimits = { -readonly [K in keyof typeof IMAGE_LIMITS]: number };
