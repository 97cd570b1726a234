import { SERVER_TREES } from '../routes/serverMounts.ts';
import { absoluteUrl, type SiteContext } from './jsonLd.ts';

/** Open Graph's recommended card size; JPEG because not every network's crawler reads WebP. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** The site-wide card image in `public/` (used when a page has no picture of its own). */
export const DEFAULT_SHARE_IMAGE = '/images/og-default.png';

/** A page's share card URL: a `public/` or IMAGE_DOMAINS image through /_ipx at 1200×630. */
export function shareImageUrl(site: SiteContext, image: string = DEFAULT_SHARE_IMAGE): string {
  const source = /^https?:\/\//i.test(image) ? image : image.startsWith('/') ? image : `/${image}`;
  return absoluteUrl(
    site,
    `${SERVER_TREES.images}/s_${SHARE_IMAGE.width}x${SHARE_IMAGE.height},fit_cover,f_jpeg${source.startsWith('/') ? '' : '/'}${source}`,
  );
}
