import { ContentResponseError } from './errors.ts';
import { jsonApiPath } from './jsonApiQuery.ts';
import type { ContentReader } from './reader.ts';

/** Readiness of the content source, as `/readyz` reports it. */
export interface ContentHealth {
  readonly ready: boolean;
  /** `ok`, `degraded: …` (serving cached content) or `unavailable: …`. */
  readonly status: string;
}

/** The cheapest request the service answers: one tag's slug. */
const PROBE = jsonApiPath('/article-filters', { fields: { 'article-filters': ['slug'] }, page: { size: 1 } });

/**
 * Asks the service directly (no cache) whether it answers. Reachable → ready; unreachable but
 * content cached → still ready, degraded (pages render from the cache); nothing at all → not ready.
 */
export async function contentHealth(reader: ContentReader): Promise<ContentHealth> {
  try {
    const status = await reader.probe(PROBE);
    if (status !== 200) throw new ContentResponseError(`GET ${PROBE}`, 'status', 'the tag list is missing');
    return { ready: true, status: 'ok' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return reader.cachedEntries > 0
      ? { ready: true, status: `degraded: serving cached content; ${message}` }
      : { ready: false, status: `unavailable: ${message}` };
  }
}
