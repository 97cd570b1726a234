import type { IncomingMessage } from 'node:http';
import { parse, serialize } from 'cookie';
import { cookieValue, isValidCookie } from './previewSignature.ts';

export const PREVIEW_COOKIE = 'verf_preview';
/** How long a preview lasts once opened. */
export const PREVIEW_SECONDS = 60 * 60;

/**
 * HttpOnly (no script reads it), Secure (never sent over plain http, except to localhost, which
 * browsers treat as secure), SameSite=Lax (sent when the editor follows the CMS's link, not with
 * another site's subrequests), for the whole site.
 */
const ATTRIBUTES = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

export function openingCookie(secret: string, nowSeconds: number): string {
  return serialize(PREVIEW_COOKIE, cookieValue(secret, nowSeconds + PREVIEW_SECONDS), { ...ATTRIBUTES, maxAge: PREVIEW_SECONDS });
}

export function endingCookie(): string {
  return serialize(PREVIEW_COOKIE, '', { ...ATTRIBUTES, maxAge: 0 });
}

/**
 * Whether the request carries a valid, unexpired preview cookie. Cheap for everyone else (no
 * cookie of that name: one substring search); an HMAC for a request that has one.
 */
export function hasPreviewCookie(req: IncomingMessage, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const header = req.headers.cookie;
  if (header === undefined || !header.includes(PREVIEW_COOKIE)) return false;
  const value = parse(header)[PREVIEW_COOKIE];
  return value !== undefined && isValidCookie(secret, value, nowSeconds);
}
