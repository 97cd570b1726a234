/** §9 "Image screens", densities, format and placeholder: `<Image>` and /_ipx import the same module. */
export const SCREENS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;
export type ScreenName = keyof typeof SCREENS;
export const SCREEN_WIDTHS: readonly number[] = Object.values(SCREENS);

export const DENSITIES = [1, 2] as const;

export const DEFAULT_IMAGE_FORMAT = 'webp';
export const IMAGE_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Upscaled by the browser, a 10×10 picture is the blur itself (§9 placeholder 10x10 quality 50). */
export const PLACEHOLDER = { width: 10, height: 10, quality: 50 } as const;

/** The widest image any screen asks for: the widest screen at the highest density (3072). */
export const MAX_IMAGE_WIDTH = Math.max(...SCREEN_WIDTHS) * Math.max(...DENSITIES);
