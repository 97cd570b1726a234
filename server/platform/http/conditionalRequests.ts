import { createHash } from 'node:crypto';
import type { ContentCoding } from './contentCoding.ts';

/** A strong entity tag of these bytes (RFC 9110 §8.8.3): a digest, the same on every instance. */
export function entityTagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The tag in a content coding (RFC 9110 §8.8.3.3): the coding's name inside the quotes, identity plain (decision 038). */
export function entityTagInCoding(tag: string, coding: ContentCoding): string {
  return coding === 'identity' ? tag : `${tag.slice(0, -1)}-${coding}"`;
}

/**
 * Whether `If-None-Match` names this representation (RFC 9110 §13.1.2), weakly: not `fresh`, which refuses every
 * `Cache-Control: no-cache` (a rule for caches) and needs Express (decision 046). Read once, in linear time.
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
const opaqueTag = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** A weak `If-Range` never matches (RFC 9110 §13.1.5: strong comparison): the whole representation is sent. */
export function isWeakIfRange(header: string | undefined): boolean {
  return header !== undefined && header.trimStart().startsWith('W/');
}
