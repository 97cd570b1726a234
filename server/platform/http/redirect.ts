import type { Request, Response } from 'express';
import { hasDataParam, withoutDataParam, type DataPayload } from '../../../shared/routes/dataRequest.ts';
import { CACHE_CONTROL } from './cacheControl.ts';

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

/** Only the per-path lookup (§2: "an absolute target makes the browser navigate there") may leave the site. */
export type RedirectOptions = { readonly allowOffSite?: boolean };

/** A target this helper refuses: a bug or bad content, never something a visitor can cause. */
export class UnsafeRedirectError extends Error {
  override name = 'UnsafeRedirectError';
}

/** The search part of the raw request target, with its `?`, or ''. */
export function rawSearchOf(req: Request): string {
  const index = req.originalUrl.indexOf('?');
  return index === -1 ? '' : req.originalUrl.slice(index);
}

/** A client navigation's data request (`?_data=<route ids>`, see shared/routes/dataRequest.ts). */
export function isDataRequest(req: Request): boolean {
  return hasDataParam(rawSearchOf(req));
}

/**
 * The one way the server redirects: an HTTP redirect for a page, `200 {redirect, status}` for a data request, so the
 * browser's router follows the same rule as a crawler. Never stored: the content's targets may change.
 */
export function sendRedirect(
  req: Request,
  res: Response,
  location: string,
  status: RedirectStatus = 301,
  options: RedirectOptions = {},
): void {
  const target = checkedLocation(location, options);
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  if (isDataRequest(req)) return void res.status(200).json({ redirect: target, status } satisfies DataPayload);
  // Express encodes the Location (never decodes it). The body is §8's "Moved to /blog/{slug}/", the same words for
  // every redirect: plain text of the encoded Location, so nothing in it can be read as markup.
  res.location(target);
  res
    .status(status)
    .type('text/plain')
    .send(`Moved to ${res.get('Location') ?? target}`);
}

/** A same-site target no browser reads as another host, an off-site one http(s), no control characters, no `_data`. */
export function checkedLocation(location: string, options: RedirectOptions = {}): string {
  if (/[\u0000-\u001f\u007f]/.test(location))
    throw new UnsafeRedirectError(`control character in redirect target ${JSON.stringify(location)}`);
  if (location.startsWith('/')) {
    if (location.startsWith('//') || location.startsWith('/\\')) {
      throw new UnsafeRedirectError(`redirect target ${JSON.stringify(location)} would leave the site`);
    }
    const index = location.search(/[?#]/);
    if (index === -1 || location[index] === '#') return location;
    const hashIndex = location.indexOf('#', index);
    const search = hashIndex === -1 ? location.slice(index) : location.slice(index, hashIndex);
    const hash = hashIndex === -1 ? '' : location.slice(hashIndex);
    return location.slice(0, index) + withoutDataParam(search) + hash;
  }
  const url = URL.parse(location);
  if (url === null) throw new UnsafeRedirectError(`redirect target ${JSON.stringify(location)} is neither a path nor a URL`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsafeRedirectError(`redirect target ${JSON.stringify(location)} is not http(s)`);
  }
  if (!options.allowOffSite) throw new UnsafeRedirectError(`redirect target ${JSON.stringify(location)} is off-site`);
  return url.href;
}
