import { isPagePath } from '../../shared/routes/pagePaths.ts';

/**
 * The page URL a link leads to, if prefetching it makes sense: same origin, a page path (not a
 * file or `/api/…`), no `download`, not opened in another tab, not the page already shown.
 */
export function prefetchTarget(
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
