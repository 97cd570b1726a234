import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `authorization` is `Bearer <secret>`, the scheme in any case (RFC 9110 §11.1), digests compared in constant time. */
export function bearerMatches(authorization: string | undefined, secret: string): boolean {
  const header = (authorization ?? '').trim();
  const space = header.indexOf(' ');
  const token = space !== -1 && header.slice(0, space).toLowerCase() === 'bearer' ? header.slice(space + 1).trim() : '';
  return token !== '' && timingSafeEqual(digest(token), digest(secret));
}
