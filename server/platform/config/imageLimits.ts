import { MAX_IMAGE_WIDTH } from '../../../shared/ui/imageScreens.ts';

/** What one /_ipx request may cost: pixels checked from the header before decoding (a bomb), bytes counted while read. */
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
  /** AVIF encoder effort (libheif 0–9; sharp's default 4 took 6.2 s for a 3072 px one, decision 044). */
  avifEffort: 2,
  /** IMAGE_COST_BUDGET: cost units of the jobs running at once: two 1200×630 AVIFs (6.8 each) or a dozen card WebPs. */
  costBudget: 16,
  /** Cost units of the jobs waiting; one more is a 503. A page asks for a handful at a time; a long queue makes every image late. */
  queuedCostBudget: 48,
  /** Encoder processes at once (`encoderPool.ts`): they bound the memory, the budget the CPU; a quarter of the budget. */
  encoderProcesses: 4,
  /** Cost units one address may have computed per minute (cache hits are free): about 150 card WebPs or four 3072 px AVIFs. */
  perIpCostPerMinute: 240,
  /** Processed images kept on disk, oldest removed first beyond this. */
  maxCacheBytes: 512 * 1024 * 1024,
} as const;

export type ImageLimits = { -readonly [K in keyof typeof IMAGE_LIMITS]: number };
