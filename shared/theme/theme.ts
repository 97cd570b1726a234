/** The one theme of the site: a value written twice is a bug. */

/** Colours; every text/background pair the components use meets WCAG AA (`theme.test.ts`). */
export const colors = {
  /** Deep navy of the brand: dark header, footer, burger menu; also `theme-color`. */
  navy: '#0f1d3a',
  navyRaised: '#1a2b52',
  /** Body text on light surfaces. */
  ink: '#14161a',
  /** Secondary text on light surfaces (7.5:1 on white). */
  inkMuted: '#4a5163',
  /** Secondary text on the navy surfaces. */
  onNavyMuted: '#b7c1d9',
  white: '#ffffff',
  surface: '#ffffff',
  surfaceAlt: '#f3f5f9',
  border: '#d5dae5',
  /** Borders of form controls and other UI parts that must be seen (3:1 on white). */
  borderStrong: '#767d8f',
  /** Signal orange of the call-to-action; navy text on it. */
  accent: '#ff7a3d',
  accentHover: '#ff935f',
  /** Links and the focus ring on light surfaces. */
  link: '#1d44d8',
  linkHover: '#1535a8',
  /** Focus ring on the navy surfaces. */
  focusOnNavy: '#ffb38f',
  success: '#0f7a43',
  danger: '#b3261e',
} as const;

export type ColorName = keyof typeof colors;
/**
 * Manrope on headings only, with fonts.ts's metric-matched fallbacks: a late web font lays out its
 * text again, 146 ms of home's layout on all text against 85 ms on headings (decision 007).
 */
export const fonts = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  // FALLBACK_FACES' families, not imported: the font list stays out of the first load (fonts.test.ts).
  heading: "'Manrope', 'Manrope Fallback', 'Manrope Fallback Roboto', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
} as const;

export const fontWeights = { regular: 400, medium: 500, semibold: 600, bold: 700, extrabold: 800 } as const;

/** Type scale in rem, fluid between 320 px and 1536 px. */
export const fontSizes = {
  xs: '0.8125rem',
  sm: '0.9375rem',
  md: '1rem',
  lg: 'clamp(1.0625rem, 1rem + 0.3vw, 1.25rem)',
  xl: 'clamp(1.25rem, 1.1rem + 0.6vw, 1.5rem)',
  h4: 'clamp(1.25rem, 1.15rem + 0.5vw, 1.5rem)',
  h3: 'clamp(1.5rem, 1.3rem + 0.9vw, 2rem)',
  h2: 'clamp(1.875rem, 1.5rem + 1.6vw, 3rem)',
  h1: 'clamp(2.25rem, 1.6rem + 3vw, 4.5rem)',
} as const;

export const lineHeights = { tight: 1.1, heading: 1.2, body: 1.55 } as const;

/** Spacing scale on a 4 px grid; index = step. */
export const space = {
  1: '0.25rem',
  2: '0.5rem',
  3: '0.75rem',
  4: '1rem',
  5: '1.5rem',
  6: '2rem',
  7: '3rem',
  8: '4rem',
  9: '6rem',
  10: '8rem',
} as const;

export const radii = { sm: '6px', md: '12px', lg: '20px', xl: '32px', pill: '999px' } as const;

export const shadows = { raised: '0 12px 40px rgba(15, 29, 58, 0.18)' } as const;

/** §9 "Image screens": the breakpoints of the whole site, in px. */
export const breakpoints = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** `@media (min-width: …)` for a named breakpoint or a px value (mobile first). */
export function minWidth(width: Breakpoint | number): string {
  return `@media (min-width: ${typeof width === 'number' ? width : breakpoints[width]}px)`;
}

/** `@media (max-width: …)`: strictly below the breakpoint, so it never overlaps `minWidth`. */
export function maxWidth(width: Breakpoint | number): string {
  return `@media (max-width: ${(typeof width === 'number' ? width : breakpoints[width]) - 0.02}px)`;
}

/** Shorthand media queries: `mq.md` is "from 768 px". */
export const mq = {
  sm: minWidth('sm'),
  md: minWidth('md'),
  lg: minWidth('lg'),
  xl: minWidth('xl'),
  xxl: minWidth('xxl'),
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
  motionOk: '@media (prefers-reduced-motion: no-preference)',
  hover: '@media (hover: hover) and (pointer: fine)',
} as const;

/** Stacking layers, lowest first. */
export const zIndex = { header: 100, cookieNotice: 150, burger: 200, modal: 400, toast: 500, skipLink: 600 } as const;

/** §9 timings, in ms. */
export const durations = {
  /** §9 "Toast and message life: 3000 ms". */
  toastLife: 3000,
  /** §9 "Confetti hover animation 1800 ms". */
  confetti: 1800,
  /** §2/§9 "the enter animation lasts 400 ms". */
  pageEnter: 400,
  /** §2/§9 "then the view scrolls to top after 100 ms". */
  pageLeaveScroll: 100,
  /** §9 "Header … updated on resize with 500 ms throttle". */
  headerResizeThrottle: 500,
  /** Small UI transitions (hover, focus, accordion). */
  fast: 150,
  base: 250,
  slow: 400,
} as const;

export const easing = { standard: 'cubic-bezier(0.2, 0, 0, 1)', emphasized: 'cubic-bezier(0.3, 0, 0, 1)' } as const;

/** §9 layout constants of the shell. */
export const layout = {
  /** §3/§9 "App state: headerHeight (default 90)". */
  headerDefaultHeight: 90,
  /** The header's height below `md` (768 px); from `md` on it is the default height. */
  headerMobileHeight: 72,
  /** §4/§9 "becomes fixed and dark when the page has scrolled 85 px or more". */
  headerFixedScroll: 85,
  /** §4/§9 "Desktop threshold for inline call-to-action: width 1280". */
  ctaInlineMinWidth: 1280,
  /** §9 "Button arrow image shown from width 720". */
  buttonArrowMinWidth: 720,
  /** Widest content column. */
  containerMax: 1440,
} as const;

/** Visible focus ring for light (default) and dark surfaces. */
export const focusRing = {
  light: `outline: 3px solid ${colors.link}; outline-offset: 2px;`,
  dark: `outline: 3px solid ${colors.focusOnNavy}; outline-offset: 2px;`,
} as const;
