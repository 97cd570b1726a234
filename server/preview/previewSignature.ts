import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The preview's signatures (decision 021): HMAC-SHA256 with PREVIEW_SECRET, hex. A link signs
 * its path and expiry, a cookie its expiry; each message starts with what it is for, so a
 * cookie's signature is never a valid link token or the other way round.
 */

/** A link may be valid for at most this long ahead: a CMS makes a fresh one for each click. */
export const MAX_LINK_LIFETIME_SECONDS = 24 * 60 * 60;

function sign(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Equal signatures, compared in constant time; a token of another length is simply wrong. */
function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'hex');
  const b = Buffer.from(expected, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

export function linkToken(secret: string, path: string, expiresAt: number): string {
  return sign(secret, `preview-link\n${path}\n${expiresAt}`);
}

/** A link's token is right and its expiry (unix seconds) neither past nor too far ahead. */
export function isValidLink(secret: string, path: string, expiresAt: number, token: string, nowSeconds: number): boolean {
  if (expiresAt <= nowSeconds || expiresAt > nowSeconds + MAX_LINK_LIFETIME_SECONDS) return false;
  return sameSignature(token, linkToken(secret, path, expiresAt));
}

/** The preview cookie's value: `<expiry>.<signature>`. */
export function cookieValue(secret: string, expiresAt: number): string {
  return `${expiresAt}.${sign(secret, `preview-cookie\n${expiresAt}`)}`;
}

export function isValidCookie(secret: string, value: string, nowSeconds: number): boolean {
  const dot = value.indexOf('.');
  const expiresAt = Number(value.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(expiresAt) || expiresAt <= nowSeconds) return false;
  return sameSignature(value.slice(dot + 1), sign(secret, `preview-cookie\n${expiresAt}`));
}
