import { SITE_TAG } from '../../platform/content/client/contentTags.ts';
import { pathTag } from '../../platform/content/responseTags.ts';
import { pathVariants, type RevalidationTarget } from './revalidationTarget.ts';

/** A cache in front purged by tag, as FOSHttpCache's `invalidateTags`: one interface, one small client each (decision 027). */
export interface TagPurger {
  /** For logs: `varnish http://10.0.0.5:6081`, `fastly`, `cloudflare`. */
  readonly name: string;
  /** Marks every copy sent with any of these tags stale; rejects when the cache refused or did not answer. */
  invalidateTags(tags: readonly string[]): Promise<void>;
}

/** The tags a revalidation purges: its own, the tags of its paths, or the tag every response carries. */
export function purgeTagsOf(target: RevalidationTarget): string[] {
  if ('all' in target) return [SITE_TAG];
  if ('tags' in target) return [...target.tags];
  return pathVariants(target.paths).map(pathTag);
}

/** Splits `tags` into lists of at most `size` (each API's limit per call). */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
