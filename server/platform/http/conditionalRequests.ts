import { createHash } from 'node:crypto';
import type { ContentCoding } from './contentCoding.ts';

/**
 * A strong entity tag of these bytes (RFC 9110 §8.8.3): a digest, so every process of every
 * instance gives the same page the same tag and a CDN's revalidation can reach any of them.
 */
export function entityTagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * The tag of the representation in a content coding: a gzip body and a brotli body of one page
 * are different representations (RFC 9110 §8.8.3.3), so each has its own tag, the coding's name
 * appended inside the quotes; the identity body keeps the plain tag (docs/decisions/038).
 */
export function entityTagInCoding(tag: string, coding: ContentCoding): string {
  if (coding === 'identity') return tag;
  return `${tag.slice(0, -1)}-${coding}"`;
}

/**
 * Whether `If-None-Match` names this representation (RFC 9110 §13.1.2): `*`, or any tag of the
 * list by weak comparison (§8.8.3.2: `W/"x"` and `"x"` match). Our own reading rather than
 * `fresh` (what Express's `req.fresh` calls): the page cache answers before Express exists for
 * the request, and `fresh` also refuses every request that says `Cache-Control: no-cache`, a
 * rule for caches (RFC 9111 §5.2.1.4), not for the origin. No regular expression: a long header
 * is read once, in linear time.
 */
export function ifNoneMatchMatches(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const wanted = opaqueTag(tag);
  const listed = (Array.isArray(header) ? header.join(',') : header).split(',');
  return listed.some((each) => {
    const candidate = each.trim();
    return candidate === '*' || opaqueTag(candidate) === wanted;
  });
}

/** A tag without its weakness indicator: weak comparison compares only the quoted part. */
function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * An `If-Range` naming a weak tag can never match (RFC 9110 §13.1.5: If-Range compares strongly,
 * and a weak tag is never strongly equal to anything): the range is not honoured, the whole
 * representation is sent.
 */
export function isWeakIfRange(header: string | undefined): boolean {
  return header !== undefined && header.trimStart().startsWith('W/');
}
