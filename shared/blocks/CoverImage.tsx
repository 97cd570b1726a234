import { css } from '@emotion/react';
import { colors, radii } from '../theme/theme.ts';
import type { ImageSizes } from '../ui/imageSizes.ts';
import { Image } from '../ui/Image.tsx';
import { IMAGE_LAYOUTS } from '../ui/imageLayouts.ts';

/** Covers are generated at this size (`scripts/generate-images.ts`: `/images/{articles,projects}/<slug>.png`). */
export const COVER_WIDTH = IMAGE_LAYOUTS.card.width;
export const COVER_HEIGHT = IMAGE_LAYOUTS.card.height;

/** The cover at the top of an article or a case study (the layouts /_ipx serves: imageLayouts.ts). */
export const PAGE_COVER_SIZES: ImageSizes = IMAGE_LAYOUTS.pageCover.sizes;

const frame = css`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: ${COVER_WIDTH} / ${COVER_HEIGHT};
  object-fit: cover;
  border-radius: ${radii.lg};
  background-color: ${colors.surfaceAlt};
`;

/** A decorative cover through /_ipx with its intrinsic size, so the page does not jump. */
export function CoverImage({
  src,
  priority = false,
  sizes = IMAGE_LAYOUTS.card.sizes,
}: {
  readonly src: string;
  /** The first screen's image: loaded at once and preloaded. */
  readonly priority?: boolean;
  readonly sizes?: ImageSizes;
}) {
  return <Image css={frame} src={src} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} sizes={sizes} priority={priority} />;
}
