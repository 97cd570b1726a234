import type { IncomingMessage } from 'node:http';
import { parse, serialize } from 'cookie';
import { cookieValue, isValidCookie } from './previewSignature.ts';

export const PREVIEW_COOKIE = 'verf_preview';
/** How long a preview lasts once opened. */
export const PREVIEW_SECONDS = 60 * 60;

/** HttpOnly, Secure, SameSite=Lax, and only for the previewed page (`Path`, signed): the rest of the site stays public. */
const ATTRIBUTES = { httpOnly: true, secure: true, sameSite: 'lax' } as const;

export function openingCookie(secret: string, pagePath: string, nowSeconds: number): string {
  return serialize(PREVIEW_COOKIE, cookieValue(secret, pagePath, nowSeconds + PREVIEW_SECONDS), {
    ...ATTRIBUTES,
    path: pagePath,
    maxAge: PREVIEW_SECONDS,
  });
}

/** Clears the cookie of the preview of `pagePath` (a cookie is replaced only under its own Path). */
export function endingCookie(pagePath: string): string {
  return serialize(PREVIEW_COOKIE, '', { ...ATTRIBUTES, path: pagePath, maxAge: 0 });
}

/** Whether the request carries a valid preview cookie for its own path: a substring search for everyone else. */
export function hasPreviewCookie(req: IncomingMessage, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const header = req.headers.cookie;
  if (header === undefined || !header.includes(PREVIEW_COOKIE)) return false;
  const value = parse(header)[PREVIEW_COOKIE];
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  return value !== undefined && isValidCookie(secret, value, target.split('?', 1)[0] ?? '', nowSeconds);
}
