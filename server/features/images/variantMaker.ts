import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageFormat } from '../../../shared/ui/imageScreens.ts';
import { CostBudget } from './costBudget.ts';
import { DiskCache } from './diskCache.ts';
import { ENCODER_START_COST, EncoderPool } from './encoderPool.ts';
import { imageCost, outputPixels, type SourceSize } from './imageCost.ts';
import { ClientLeft } from './imageError.ts';
import { inspectImage } from './inspectImage.ts';
import type { ImageLimits } from '../../platform/config/imageLimits.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { loadSource } from './loadSource.ts';
import { describeVariant, toIpxModifiers, type ImageModifiers } from './modifiers.ts';
import type { ImageSource } from './sources.ts';

/** Part of every cache key and ETag: bump it when the processing itself changes. */
const PIPELINE_VERSION = 'ipx3-1';

/** One variant of one source, ready to be looked up or made. */
export interface PreparedVariant {
  /** Cache key (hash of pipeline version, source version and what is produced). */
  readonly key: string;
  readonly source: ImageSource;
  readonly format: ImageFormat;
  readonly modifiers: ImageModifiers;
  readonly ipxModifiers: Record<string, string>;
  /** Known before the job for files in `public/`; a remote source's only once fetched. */
  readonly sourceSize: SourceSize | undefined;
}

/** Who pays for a new job in cost units (a client's per-minute allowance); cached images are free. */
export interface CostPayer {
  charge(cost: number): void;
  refund(cost: number): void;
}

/** A client waiting for a variant; `leave()` when it goes away before the answer. */
export interface Waiting {
  readonly result: Promise<Buffer>;
  /** Settles once the result is on disk (or was not kept: failed, abandoned). */
  readonly stored: Promise<void>;
  leave(): void;
}

interface Job {
  readonly result: Promise<Buffer>;
  readonly stored: Promise<void>;
  readonly abort: AbortController;
  clients: number;
}

/** Source sizes read from file headers, by source version; small, cleared when full. */
const SIZE_MEMORY = 2048;

/**
 * Makes /_ipx variants (§7): one job per variant however many clients ask at once, run within
 * the cost budget (`costBudget.ts`, costs from `imageCost.ts`), encoded in processes of their own
 * (`encoderPool.ts`), results kept on disk (`diskCache.ts`). A job whose clients have all left is
 * stopped wherever it is: taken out of the queue, its source fetch cancelled, not started, and its
 * result never written. An encode already running is stopped by killing its encoder process
 * (sharp cannot interrupt one inside libvips or libheif; a process can be ended), so its cost
 * leaves the budget at once; one cheaper than starting a new encoder (ENCODER_START_COST) is left
 * to end and keeps its cost until then (docs/decisions/024-…).
 */
export class VariantMaker {
  readonly budget: CostBudget;
  readonly #cache: DiskCache;
  /** The encoder processes (their ids for the tests). */
  readonly encoders: EncoderPool;
  readonly #jobs = new Map<string, Job>();
  readonly #sizes = new Map<string, SourceSize | undefined>();

  constructor(
    readonly limits: ImageLimits,
    cacheDir: string,
    options: { readonly logger: Logger; /** The built encoder entry. */ readonly encoderEntry: string },
  ) {
    // libvips keeps up to 50 MB of recent operations per process by default; every variant is
    // kept on disk already, so that memory only grew the worker under a stream of new variants
    // (the hostile soak: +22 % RSS in a minute). Here sharp reads headers only.
    sharp.cache(false);
    this.budget = new CostBudget(limits.costBudget, limits.queuedCostBudget);
    this.#cache = new DiskCache(cacheDir, limits.maxCacheBytes);
    this.encoders = new EncoderPool({
      entry: options.encoderEntry,
      size: limits.encoderProcesses,
      settings: { maxInputPixels: limits.maxInputPixels, avifEffort: limits.avifEffort },
      logger: options.logger,
    });
  }

  /** Ends the encoder processes (graceful shutdown); jobs still running are refused. */
  close(): Promise<void> {
    return this.encoders.close();
  }

  /**
   * The variant as it will be produced. ipx never enlarges, so a width beyond a file's own is
   * that file at its own size: every such width shares one cache entry (a 1200 px cover asked at
   * 1536, 2048 or 3072 px is computed once, and a flood of wide variants of it costs one job).
   */
  async prepare(source: ImageSource, modifiers: ImageModifiers, format: ImageFormat): Promise<PreparedVariant> {
    const sourceSize = await this.#sourceSize(source);
    let effective = modifiers;
    if (sourceSize !== undefined && modifiers.height === undefined && modifiers.width !== undefined && modifiers.width > sourceSize.width) {
      effective = { ...modifiers, width: sourceSize.width };
    } else if (
      sourceSize !== undefined &&
      modifiers.width === undefined &&
      modifiers.height !== undefined &&
      modifiers.height > sourceSize.height
    ) {
      effective = { ...modifiers, height: sourceSize.height };
    }
    const ipxModifiers = toIpxModifiers(effective, format);
    const key = createHash('sha256')
      .update(`${PIPELINE_VERSION}\n${source.version}\n${describeVariant(ipxModifiers)}`)
      .digest('hex');
    return { key, source, format, modifiers: effective, ipxModifiers, sourceSize };
  }

  cached(variant: PreparedVariant): Promise<Buffer | undefined> {
    return this.#cache.get(variant.key);
  }

  /** The variant's cost now: exact for a file, an upper bound for a remote source not yet fetched. */
  cost(variant: PreparedVariant, sourceSize = variant.sourceSize): number {
    const { maxWidth, maxHeight, maxInputPixels } = this.limits;
    return imageCost(outputPixels(variant.modifiers, sourceSize, { maxWidth, maxHeight, maxPixels: maxInputPixels }), variant.format);
  }

  /**
   * Joins the job making `variant` or starts one (charged to `payer`, which may refuse with a
   * 429). Background jobs (pre-generation) wait behind every visitor's.
   */
  make(variant: PreparedVariant, options: { payer?: CostPayer; client?: string; background?: boolean } = {}): Waiting {
    let job = this.#jobs.get(variant.key);
    if (job === undefined) {
      const estimate = this.cost(variant);
      options.payer?.charge(estimate);
      const abort = new AbortController();
      const result = this.#run(variant, estimate, abort.signal, options);
      const stored = result.then(
        (output) => this.#cache.set(variant.key, output),
        () => undefined,
      );
      const started: Job = { result, stored, abort, clients: 0 };
      job = started;
      this.#jobs.set(variant.key, started);
      void stored.finally(() => {
        if (this.#jobs.get(variant.key) === started) this.#jobs.delete(variant.key);
      });
    }
    const joined = job;
    joined.clients += 1;
    let left = false;
    return {
      result: joined.result,
      stored: joined.stored,
      leave: () => {
        if (left) return;
        left = true;
        joined.clients -= 1;
        if (joined.clients > 0) return;
        joined.abort.abort();
        // A client arriving now starts afresh rather than joining a job that is being dropped.
        if (this.#jobs.get(variant.key) === joined) this.#jobs.delete(variant.key);
      },
    };
  }

  async #run(
    variant: PreparedVariant,
    estimate: number,
    signal: AbortSignal,
    options: { payer?: CostPayer; client?: string; background?: boolean },
  ): Promise<Buffer> {
    let lease;
    try {
      lease = await this.budget.acquire(estimate, signal, {
        background: options.background === true,
        ...(options.client === undefined ? {} : { client: options.client }),
      });
    } catch (error) {
      // Refused (503) or left while queued: nothing was computed, so nothing is charged.
      options.payer?.refund(estimate);
      throw error;
    }
    try {
      const bytes = await loadSource(variant.source, this.limits, signal);
      const size = await inspectImage(bytes, this.limits);
      let cost = estimate;
      if (variant.sourceSize === undefined) {
        cost = this.cost(variant, size);
        lease.settle(cost);
        options.payer?.refund(Math.max(0, estimate - cost));
      }
      const output = await this.encoders.encode({ sourceId: variant.source.id, bytes, ipxModifiers: variant.ipxModifiers }, signal, {
        // A cheaper encode is left to end: starting a new encoder would cost more than it saves.
        stoppable: cost >= ENCODER_START_COST,
      });
      // Left during a cheap encode, or as the answer came: not kept either (a flood of abandoned
      // variants would otherwise push the site's own out of the disk cache).
      if (signal.aborted) throw new ClientLeft();
      return output;
    } finally {
      lease.release();
    }
  }

  async #sourceSize(source: ImageSource): Promise<SourceSize | undefined> {
    if (source.kind !== 'file') return undefined;
    if (this.#sizes.has(source.version)) return this.#sizes.get(source.version);
    // Only the header is read; a file that is no image gets its 415 from `inspectImage` in the job.
    const metadata = await sharp(source.file, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    const width = metadata?.width;
    const height = metadata?.pageHeight ?? metadata?.height;
    const size = width !== undefined && height !== undefined && width > 0 && height > 0 ? { width, height } : undefined;
    if (this.#sizes.size >= SIZE_MEMORY) this.#sizes.clear();
    this.#sizes.set(source.version, size);
    return size;
  }
}
