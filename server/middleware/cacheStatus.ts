import type { IncomingMessage } from 'node:http';

/**
 * What the page cache did for a request (server/middleware/cachedPages.ts): answered it fresh
 * (`hit`), answered it while its page is rendered afresh (`stale`), rendered it (`miss`), or
 * never looked (`bypass`: not a page, not a GET, an editor's preview, no page cache). The access
 * line and the request metric carry it (server/middleware/accessLog.ts).
 */
export type CacheStatus = 'hit' | 'stale' | 'miss' | 'bypass';

const statuses = new WeakMap<IncomingMessage, CacheStatus>();

export function noteCacheStatus(req: IncomingMessage, status: CacheStatus): void {
  statuses.set(req, status);
}

export function cacheStatusOf(req: IncomingMessage): CacheStatus {
  return statuses.get(req) ?? 'bypass';
}
