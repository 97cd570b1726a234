import { PREVIEW_END_PATH } from '../routes/serverMounts.ts';

/** Where the banner's form posts: ends the preview and comes back to `pagePath`. */
export function previewEndHref(pagePath: string): string {
  return `${PREVIEW_END_PATH}?path=${encodeURIComponent(pagePath)}`;
}
