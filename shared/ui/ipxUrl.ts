import { SERVER_TREES } from '../routes/serverMounts.ts';
import { DEFAULT_IMAGE_FORMAT, type ImageFormat } from './imageScreens.ts';

export interface IpxModifiers {
  readonly width?: number;
  readonly height?: number;
  readonly quality?: number;
  readonly fit?: 'cover' | 'contain' | 'fill' | 'inside' | 'outside';
  readonly format?: ImageFormat | 'auto';
}

/** `/_ipx/<modifiers>/<source>`, modifiers in a fixed order: one variant, one URL, one cache entry. */
export function ipxUrl(src: string, modifiers: IpxModifiers = {}): string {
  const parts = [
    modifiers.width === undefined ? undefined : `w_${Math.round(modifiers.width)}`,
    modifiers.height === undefined ? undefined : `h_${Math.round(modifiers.height)}`,
    modifiers.fit === undefined ? undefined : `fit_${modifiers.fit}`,
    modifiers.quality === undefined ? undefined : `q_${modifiers.quality}`,
    `f_${modifiers.format ?? DEFAULT_IMAGE_FORMAT}`,
  ].filter((part) => part !== undefined);
  const remote = /^https?:\/\//i.test(src);
  const source = remote ? encodeURI(src).replace(/\?/g, '%3F').replace(/#/g, '%23') : encodeURI(src.startsWith('/') ? src : `/${src}`);
  return `${SERVER_TREES.images}/${parts.join(',')}${remote ? '/' : ''}${source}`;
}
