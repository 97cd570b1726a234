import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { ImageFormat } from '../../../shared/ui/imageScreens.ts';
import { ClientCostLimit } from './clientCostLimit.ts';
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

/** A client waiting for a variant; `leave()` when it goes away before the answer. */
export interface Waiting {
  readonly result: Promise<Buffer>;
  /** Settles once the result is on disk (or was not kept: failed, abandoned). */
  readonly stored: Promise<void>;
  leave(): void;
}

interface MakeOptions {
  readonly client?: string;
  readonly background?: boolean;
}

interface Job {
  readonly result: Promise<Buffer>;
  readonly stored: Promise<void>;
  readonly abort: AbortController;
  clients: number;
}

/** Makes /_ipx variants (§7): one job per variant, budgeted, in encoders, kept on disk; abandoned jobs stop (decisions 024, 044). */
export class VariantMaker {
  readonly budget: CostBudget;
  readonly #cache: DiskCache;
  /** The encoder processes (their ids for the tests). */
  readonly encoders: EncoderPool;
  readonly #jobs = new Map<string, Job>();
  /** Each address's allowance: charged for the jobs it starts, never for cached variants. */
  readonly #perClient: ClientCostLimit;
  /** File sizes by source version, from the header; undefined for a file that is no image (its job says why). */
  readonly #sizes = new LRUCache<string, Promise<SourceSize | undefined>, string>({
    max: 2048,
    memoMethod: (_version, _stale, { context: file }) => inspectImage(file, this.limits).catch(() => undefined),
  });

  constructor(
    readonly limits: ImageLimits,
    cacheDir: string,
    options: { readonly logger: Logger; /** The built encoder entry. */ readonly encoderEntry: string },
  ) {
    // Every variant is on disk already: libvips' operation cache only grew the worker (decision 044).
    sharp.cache(false);
    this.budget = new CostBudget(limits.costBudget, limits.queuedCostBudget);
    this.#perClient = new ClientCostLimit(limits.perIpCostPerMinute);
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

  /** The variant as produced: ipx never enlarges, so every width beyond a file's own shares one entry and one job. */
  async prepare(source: ImageSource, modifiers: ImageModifiers, format: ImageFormat): Promise<PreparedVariant> {
    const sourceSize = source.kind === 'file' ? await this.#sizes.memo(source.version, { context: source.file }) : undefined;
    const { width, height } = modifiers;
    let effective = modifiers;
    if (sourceSize && height === undefined && width !== undefined && width > sourceSize.width)
      effective = { ...modifiers, width: sourceSize.width };
    if (sourceSize && width === undefined && height !== undefined && height > sourceSize.height)
      effective = { ...modifiers, height: sourceSize.height };
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

  /** Joins or starts the job making `variant`, charged to `client`'s allowance (429 when spent); background jobs wait behind. */
  make(variant: PreparedVariant, options: MakeOptions = {}): Waiting {
    let job = this.#jobs.get(variant.key);
    if (job === undefined) {
      const estimate = this.cost(variant);
      if (options.client !== undefined) this.#perClient.charge(options.client, estimate);
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

  async #run(variant: PreparedVariant, estimate: number, signal: AbortSignal, options: MakeOptions): Promise<Buffer> {
    const refund = (cost: number) => {
      if (options.client !== undefined) this.#perClient.refund(options.client, cost);
    };
    const lease = await this.budget.acquire(estimate, signal, options).catch((error: unknown) => {
      // Refused (503) or left while queued: nothing was computed, so nothing is charged.
      refund(estimate);
      throw error;
    });
    try {
      const bytes = await loadSource(variant.source, this.limits, signal);
      const size = await inspectImage(bytes, this.limits);
      let cost = estimate;
      if (variant.sourceSize === undefined) {
        cost = this.cost(variant, size);
        lease.settle(cost);
        refund(Math.max(0, estimate - cost));
      }
      const output = await this.encoders.encode({ sourceId: variant.source.id, bytes, ipxModifiers: variant.ipxModifiers }, signal, {
        // A cheaper encode is left to end: starting a new encoder would cost more than it saves.
        stoppable: cost >= ENCODER_START_COST,
      });
      // Left during a cheap encode, or as it ended: not kept (abandoned variants would push the site's own out of the cache).
      if (signal.aborted) throw new ClientLeft();
      return output;
    } finally {
      lease.release();
    }
  }
}
