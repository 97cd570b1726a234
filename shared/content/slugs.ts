import { is, pattern, size, string } from 'superstruct';
import { trimSlashes } from '../text/trim.ts';

/** §5 Slugs: lowercase Latin, digits, hyphens; anything else is a 404 without a content request. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const Slug = size(pattern(string(), SLUG_PATTERN), 1, 100);

/** A service path under /services/ (§2 catch-all): one to four slug segments, the one limit everywhere. */
export const SERVICE_PATH_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,3}$/;
export const ServicePath = size(pattern(string(), SERVICE_PATH_PATTERN), 1, 300);

/** `/blog/author/{id}`: the numeric ids of the `redirect-author` map (§2, §3). */
export const AUTHOR_ID_PATTERN = /^\d{1,6}$/;
export const AuthorId = pattern(string(), AUTHOR_ID_PATTERN);

export function isSlug(value: unknown): value is string {
  return is(value, Slug);
}

export function isAuthorId(value: unknown): value is string {
  return is(value, AuthorId);
}

/** `prodvizhenie/seo/` or `/prodvizhenie/seo` → `prodvizhenie/seo`; null when it is not a service path. */
export function servicePathOf(splat: string | undefined): string | null {
  const path = trimSlashes(splat ?? '');
  return is(path, ServicePath) ? path : null;
}

export type BlogTagMatch<Tag> =
  { readonly kind: 'found'; readonly tag: Tag } | { readonly kind: 'moved'; readonly tag: Tag } | { readonly kind: 'unknown' };

/** §5: a blog slug matches a known tag case-insensitively; `moved` carries the tag the 301 points to. */
export function matchBlogTag<Tag extends { readonly slug: string }>(tags: readonly Tag[], slug: string): BlogTagMatch<Tag> {
  const exact = tags.find((tag) => tag.slug === slug);
  if (exact !== undefined) return { kind: 'found', tag: exact };
  const lowered = slug.toLowerCase();
  if (!isSlug(lowered)) return { kind: 'unknown' };
  const known = tags.find((tag) => tag.slug.toLowerCase() === lowered);
  return known === undefined ? { kind: 'unknown' } : { kind: 'moved', tag: known };
}

/** §5 "Project slug must match a known project filter slug exactly, otherwise not found." */
export function matchProjectFilter<Filter extends { readonly slug: string }>(filters: readonly Filter[], slug: string): Filter | null {
  return filters.find((filter) => filter.slug === slug) ?? null;
}
