import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { preload } from 'react-dom';
import { PLACEHOLDER } from './imageScreens.ts';
import { planImageSizes, type ImageSizes } from './imageSizes.ts';
import { ipxUrl } from './ipxUrl.ts';

export interface ImageProps {
  /** A `public/` path (`/images/articles/x.png`) or an absolute URL on an IMAGE_DOMAINS host. */
  readonly src: string;
  /** Russian text alternative; `''` only for a purely decorative picture. */
  readonly alt: string;
  /** Intrinsic width and height in CSS pixels: reserve the box (no layout shift) and cap the srcset. */
  readonly width: number;
  readonly height: number;
  /** How wide it is drawn per screen (default: the whole viewport). */
  readonly sizes?: ImageSizes;
  /** The page's largest image (its LCP): loaded at once with `fetchpriority="high"` and preloaded. */
  readonly priority?: boolean;
  readonly className?: string;
}

/** An image from /_ipx at the size the screen needs (§7, §9), lazy unless the largest, over a blurred placeholder. */
export function Image({ src, alt, width, height, sizes, priority = false, className }: ImageProps) {
  const plan = planImageSizes(sizes, width);
  const variant = (w: number) => ipxUrl(src, { width: w });
  const srcSet = plan.widths.map((w) => `${variant(w)} ${w}w`).join(', ');
  const fallback = variant(plan.widths.find((w) => w >= width) ?? plan.widths.at(-1) ?? width);

  if (priority) {
    // The largest image is the LCP: let the browser find it in <head> before the body parses.
    preload(fallback, { as: 'image', imageSrcSet: srcSet, imageSizes: plan.sizes, fetchPriority: 'high' });
  }

  const image = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);
  // An image that finished before hydration fired its load event before React listened.
  useEffect(() => {
    if (image.current?.complete) setLoaded(true);
  }, []);

  const placeholderUrl = ipxUrl(src, { width: PLACEHOLDER.width, height: PLACEHOLDER.height, fit: 'cover', quality: PLACEHOLDER.quality });
  const style: CSSProperties | undefined = !loaded
    ? { backgroundImage: `url("${placeholderUrl}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
    : undefined;

  return (
    <img
      ref={image}
      src={fallback}
      srcSet={srcSet}
      sizes={plan.sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      onLoad={() => setLoaded(true)}
      className={className}
      style={style}
    />
  );
}
