import type { RequestHandler } from 'express';
import { canonicalPathOf } from './canonicalPath.ts';

/** Longest request target (path + query) a page request may have; longer is 414 (docs/security.md). */
export const MAX_URL_LENGTH = 2048;

/** An Express error the last handler answers with its own status and page (never a 500). */
export function clientError(status: 400 | 404 | 414, message: string): Error & { status: number } {
  return Object.assign(new Error(message), { status, expose: true });
}

/** Refuses a target that could reach another host (`//x`, `/\x`), smuggle `%0d` `%0a` `%00`, break decoding or pass MAX_URL_LENGTH. */
export function pathSafety(): RequestHandler {
  return (req, _res, next) => {
    next(unsafeReason(req.originalUrl) ?? undefined);
  };
}

/** The client error a raw request target deserves, or null when it is safe to route. */
export function unsafeReason(rawUrl: string): (Error & { status: number }) | null {
  if (rawUrl.length > MAX_URL_LENGTH) return clientError(414, 'request target too long');
  const queryIndex = rawUrl.indexOf('?');
  const path = queryIndex === -1 ? rawUrl : rawUrl.slice(0, queryIndex);
  if (!path.startsWith('/')) return clientError(400, 'request target is not a path');
  // Browsers treat "\" like "/" in http(s) URLs, so "/\host" is as off-site as "//host".
  if (/^\/[/\\]/.test(path)) return clientError(400, 'path would be read as another host');
  if (/%(?:0[ad]|00)/i.test(rawUrl)) return clientError(400, 'encoded CR, LF or NUL in the request target');
  // Raw control characters are refused by Node's HTTP parser already; this guards other callers.
  if (/[\u0000-\u001f\u007f]/.test(rawUrl)) return clientError(400, 'control character in the request target');
  try {
    decodeURIComponent(path);
  } catch {
    return clientError(400, 'malformed percent-encoding in the path');
  }
  // `/x/..//host` or `/.\\host` resolves, as a browser reads it, to `//host`: no page here, never a redirect target.
  if (canonicalPathOf(path).startsWith('//')) return clientError(404, 'path resolves to another host');
  return null;
}
