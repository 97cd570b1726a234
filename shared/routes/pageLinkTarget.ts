import { isPagePath } from './pagePaths.ts';

/** The page of this site a link leads to, where the app can show it (same origin, a page, same tab, not this one). */
export function pageLinkTarget(
  link: { readonly href: string; readonly target?: string; readonly hasDownload?: boolean },
  current: { readonly origin: string; readonly pathname: string; readonly search: string },
): URL | null {
  if (link.hasDownload || (link.target !== undefined && link.target !== '' && link.target !== '_self')) return null;
  let url: URL;
  try {
    url = new URL(link.href, current.origin);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  // Files (`/sitemap.xml`), `/api/…`, `/_ipx/…`, `/builds/…`: the server's own list of what is not a page.
  if (!isPagePath(url.pathname)) return null;
  if (url.pathname === current.pathname && url.search === current.search) return null;
  return url;
}

/** The page the link around `element` leads to (`pageLinkTarget`), in the browser. */
export function linkedPageOf(element: EventTarget | null): URL | null {
  const link = element instanceof Element ? element.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  return pageLinkTarget({ href: link.href, target: link.target, hasDownload: link.hasAttribute('download') }, window.location);
}
