import type { IncomingMessage } from 'node:http';
import { requestSpan } from '../telemetry/spans.ts';

/** What the page cache did: `hit`, `stale` (answered while rendered afresh), `miss` (rendered), or `bypass` (never looked). */
export type CacheStatus = 'hit' | 'stale' | 'miss' | 'bypass';

const statuses = new WeakMap<IncomingMessage, { readonly status: CacheStatus; readonly decidedAt: number }>();

export function noteCacheStatus(req: IncomingMessage, status: CacheStatus): void {
  statuses.set(req, { status, decidedAt: performance.now() });
  // Traced, on the request's span: a hit is nothing but that decision (no span of its own).
  requestSpan(req)?.setAttribute('page_cache.status', status);
}

export function cacheStatusOf(req: IncomingMessage): CacheStatus {
  return statuses.get(req)?.status ?? 'bypass';
}

/** When the page cache decided (`performance.now()`), if it looked at the request at all: its span's end. */
export function cacheDecidedAt(req: IncomingMessage): number | undefined {
  return statuses.get(req)?.decidedAt;
}
