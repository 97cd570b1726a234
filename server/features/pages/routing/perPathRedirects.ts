import { LRUCache } from 'lru-cache';
import type { ContentApi } from '../../../../shared/content/contentApi.ts';
import { recordContentTags, redirectTag, withContentTags } from '../../../platform/content/client/contentTags.ts';
import type { Logger } from '../../../platform/logging/logger.ts';
import type { DerivedCaches } from '../../../platform/content/derivedCaches.ts';
import { isPagePath } from '../../../../shared/routes/pagePaths.ts';
import type { RoutingRule } from './routingRule.ts';

export interface PerPathRedirectOptions {
  readonly content: Pick<ContentApi, 'redirectFor'>;
  /** Canonical origin: an absolute target on it is followed inside the app like a path. */
  readonly publicBaseUrl: string;
  readonly logger: Logger;
  /** How long a lookup (including "no redirect") is reused: the content's lifetime (CONTENT_CACHE_TTL_MS). */
  readonly contentCacheTtlMs?: number | undefined;
  /** A revalidation empties the lookups, so a redirect published in the CMS is followed at once. */
  readonly derivedCaches?: DerivedCaches | undefined;
  /** Distinct paths remembered: bounded, so random URLs cannot grow memory. */
  readonly maxEntries?: number;
}

/** A lookup's answer and the cache tags of what it read: a response that used it carries them again (decision 027). */
type Lookup = { readonly target: string | null; readonly tags: readonly string[] };

/** §2 per-path lookup: an off-site URL is the target; a path or our URL continues the chain; cached; failures logged, ignored. */
export function perPathRedirects(options: PerPathRedirectOptions): RoutingRule {
  const origin = new URL(options.publicBaseUrl).origin;
  const cache = new LRUCache<string, Lookup>({ max: options.maxEntries ?? 5000, ttl: options.contentCacheTtlMs ?? 60_000 });
  options.derivedCaches?.register(() => cache.clear());

  async function lookup(path: string): Promise<string | null> {
    const cached = cache.get(path);
    if (cached !== undefined) {
      recordContentTags(cached.tags);
      return cached.target;
    }
    const read = withContentTags(() => options.content.redirectFor(path));
    let target: string | null;
    try {
      target = await read.result;
    } catch (error) {
      options.logger.warn({ err: error, path }, 'per-path redirect lookup failed; serving the path as is');
      return null;
    }
    // Tagged by the path looked up, not `redirects`, which would purge the whole site on any redirect's publish (decision 036).
    const tags = [...read.tags].filter((tag) => tag !== 'redirects').concat(redirectTag(path));
    cache.set(path, { target, tags });
    recordContentTags(tags);
    return target;
  }

  return {
    name: 'perPathRedirects',
    async apply({ path, search }) {
      if (!isPagePath(path)) return null;
      // Entries are written with the site's trailing slash; `/old` and `/old/` are one path.
      const target = await lookup(path.endsWith('/') ? path : `${path}/`);
      if (target === null || target === '') return null;
      if (target.startsWith('/') && !/^\/[/\\]/.test(target)) {
        return { location: target.includes('?') ? target : insertSearch(target, search), status: 301 };
      }
      const url = URL.parse(target);
      if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        options.logger.warn({ path, target }, 'per-path redirect target is neither a path nor an http(s) URL; ignored');
        return null;
      }
      if (url.origin === origin) {
        return { location: url.pathname + (url.search === '' ? search : url.search) + url.hash, status: 301 };
      }
      return { location: url.href, status: 301, offSite: true };
    },
  };
}

/** `/new/#part` + `?a=1` → `/new/?a=1#part`: the visitor's query travels with a relative target. */
function insertSearch(target: string, search: string): string {
  const hashIndex = target.indexOf('#');
  return hashIndex === -1 ? target + search : target.slice(0, hashIndex) + search + target.slice(hashIndex);
}
