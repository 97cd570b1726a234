import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the request carries `Authorization: Bearer <secret>`. Digests are compared, in
 * constant time, so neither the secret's length nor a matching prefix leaks through timing.
 */
export function bearerMatches(req: Request, secret: string): boolean {
  const header = req.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return token !== '' && timingSafeEqual(digest(token), digest(secret));
}
