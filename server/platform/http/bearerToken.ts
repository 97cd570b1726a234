import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the request carries `Authorization: Bearer <secret>`, the scheme in any case (RFC 9110
 * §11.1: `bearer`, `BEARER`). Digests are compared, in constant time, so neither the secret's
 * length nor a matching prefix leaks through timing.
 */
export function bearerMatches(authorization: string | undefined, secret: string): boolean {
  const header = (authorization ?? '').trim();
  const space = header.indexOf(' ');
  const token = space !== -1 && header.slice(0, space).toLowerCase() === 'bearer' ? header.slice(space + 1).trim() : '';
  return token !== '' && timingSafeEqual(digest(token), digest(secret));
}
