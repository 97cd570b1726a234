/** The editors' preview endpoints (docs/decisions/021): opened from the CMS, ended by the banner. */
export const PREVIEW_PATH = '/api/preview';
export const PREVIEW_END_PATH = '/api/preview/end';

/** The banner's link: ends the preview and comes back to `pagePath`. */
export function previewEndHref(pagePath: string): string {
  return `${PREVIEW_END_PATH}?path=${encodeURIComponent(pagePath)}`;
}
