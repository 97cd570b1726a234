import { createHmac, timingSafeEqual } from 'node:crypto';

// HMAC-SHA256 with PREVIEW_SECRET (decision 021); each message starts with what it is for, so a cookie is never a link.

/** A link is valid for at most this long ahead: a CMS makes one per click, and a leaked one opens nothing for long. */
export const MAX_LINK_LIFETIME_SECONDS = 15 * 60;

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

/** The preview cookie's value for one page path: `<expiry>.<signature of the path and expiry>`. */
export function cookieValue(secret: string, pagePath: string, expiresAt: number): string {
  return `${expiresAt}.${sign(secret, `preview-cookie\n${pagePath}\n${expiresAt}`)}`;
}

/** The cookie is unexpired and was signed for exactly this page path. */
export function isValidCookie(secret: string, value: string, pagePath: string, nowSeconds: number): boolean {
  const dot = value.indexOf('.');
  const expiresAt = Number(value.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(expiresAt) || expiresAt <= nowSeconds) return false;
  return sameSignature(value.slice(dot + 1), sign(secret, `preview-cookie\n${pagePath}\n${expiresAt}`));
}
