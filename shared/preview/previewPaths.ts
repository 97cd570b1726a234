import { PREVIEW_END_PATH } from '../routes/serverMounts.ts';

/** The banner's link: ends the preview and comes back to `pagePath`. */
export function previewEndHref(pagePath: string): string {
  return `${PREVIEW_END_PATH}?path=${encodeURIComponent(pagePath)}`;
}
