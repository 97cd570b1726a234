import { css } from '@emotion/react';
import { colors, radii } from '../theme/theme.ts';

/** Covers are generated at this size (`/images/articles/<slug>.png`, `/images/projects/<slug>.png`). */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 750;

const frame = css`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: ${COVER_WIDTH} / ${COVER_HEIGHT};
  object-fit: cover;
  border-radius: ${radii.lg};
  background: ${colors.surfaceAlt};
`;

/**
 * A cover with its intrinsic size declared, so the page does not jump when it loads. Covers sit
 * next to the title they illustrate, so they are decorative (`alt=""`) unless a caption is given.
 */
export function CoverImage({ src, alt = '', priority = false, sizes = '(min-width: 1024px) 33vw, 100vw' }: {
  readonly src: string;
  readonly alt?: string;
  /** The first screen's image: loaded eagerly, not lazily. */
  readonly priority?: boolean;
  readonly sizes?: string;
}) {
  return (
    <img
      css={frame}
      src={src}
      alt={alt}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
