/**
 * Self-hosted Manrope (SIL OFL 1.1, `@fontsource-variable/manrope`): one variable file per
 * script covers weights 200–800. The files are copied from the package into `public/fonts/`
 * under names that carry the first 10 hex digits of their SHA-256, so they are served as
 * immutable (`server/platform/http/staticFiles.ts`); `fonts.test.ts` fails when a file drifts from
 * the installed package or from its name.
 */
export const FONT_PACKAGE_DIR = 'node_modules/@fontsource-variable/manrope/files';

export interface FontFile {
  /** File in `public/fonts/`, served at `/fonts/<file>`: `<name>.<sha-256, 10 hex digits>.woff2`. */
  readonly file: string;
  /** The package file it is copied from. */
  readonly source: string;
  readonly unicodeRange: string;
  /**
   * Preloaded: every page needs it before first paint (the Russian letters, and the spaces,
   * digits and punctuation of the Latin file). The two must arrive together: with only the
   * Cyrillic face loaded, words are set in Manrope and the spaces between them in the fallback,
   * lines break differently, and the hero text shifted (CLS 0.11 on home) when Latin came later.
   */
  readonly preload: boolean;
}

export const FONT_FILES: readonly FontFile[] = [
  {
    file: 'manrope-cyrillic.c268b459a9.woff2',
    source: 'manrope-cyrillic-wght-normal.woff2',
    unicodeRange: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
    preload: true,
  },
  {
    file: 'manrope-latin.a30ddcd349.woff2',
    source: 'manrope-latin-wght-normal.woff2',
    unicodeRange:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
    preload: true,
  },
  {
    // Holds «₽» (U+20BD) of every price.
    file: 'manrope-latin-ext.3911b66d9f.woff2',
    source: 'manrope-latin-ext-wght-normal.woff2',
    unicodeRange:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
    preload: false,
  },
];

export const fontUrl = (file: FontFile) => `/fonts/${file.file}`;

/**
 * The local faces that stand in for Manrope until it has loaded, each scaled to Manrope's advance
 * widths on the site's headings (`size-adjust`), with Manrope's vertical metrics, so the swap
 * moves no line: Arial where the system has it (Windows, macOS, iOS; Liberation Sans, its metric
 * twin, on Linux; Helvetica), else Roboto (Android, which has no Arial). A family whose `local()`
 * faces are all missing is skipped, and the next one in `fonts.heading` is tried. `sizeAdjust`
 * per Manrope weight, from `node scripts/measure-fallback-fonts.ts` (the fonts' kerned advances
 * over every heading of the seed content; Chromium's canvas gives the same to 0.1 %).
 */
export const FALLBACK_FACES = [
  {
    family: 'Manrope Fallback',
    regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Helvetica'],
    bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Helvetica Bold'],
    sizeAdjust: { 400: 102.1, 600: 98.3, 700: 99.9, 800: 101.4 },
  },
  {
    family: 'Manrope Fallback Roboto',
    regular: ['Roboto', 'Roboto Regular', 'Roboto-Regular'],
    bold: ['Roboto Bold', 'Roboto-Bold'],
    sizeAdjust: { 400: 100.4, 600: 102.7, 700: 104.3, 800: 105.9 },
  },
] as const;

/**
 * The weight ranges of each fallback family, each scaled for the Manrope weight the site sets in
 * it (text, semibold, the headings' bold, the first-level headings' extrabold): Manrope widens
 * with its weight far more than a local face's one bold can.
 */
export const FALLBACK_WEIGHTS = [
  { range: '100 549', manrope: 400, local: 'regular' },
  { range: '550 649', manrope: 600, local: 'bold' },
  { range: '650 749', manrope: 700, local: 'bold' },
  { range: '750 900', manrope: 800, local: 'bold' },
] as const;

/**
 * `@font-face` rules: Manrope with `font-display: swap`, and the fallback faces above. Manrope's
 * ascent is 1.066 em and descent 0.300 em (hhea 2132/600 of 2000 units), line gap 0; the
 * overrides are divided by `size-adjust`, which scales them too.
 */
export function fontFaceCss(): string {
  const faces = FONT_FILES.map(
    (font) => `@font-face {
  font-family: 'Manrope';
  font-style: normal;
  font-weight: 200 800;
  font-display: swap;
  src: url(${fontUrl(font)}) format('woff2');
  unicode-range: ${font.unicodeRange};
}`,
  );
  const fallbacks = FALLBACK_FACES.flatMap((face) =>
    FALLBACK_WEIGHTS.map(({ range, manrope, local }) => {
      const sizeAdjust = face.sizeAdjust[manrope];
      return `@font-face {
  font-family: '${face.family}';
  font-style: normal;
  font-weight: ${range};
  src: ${face[local].map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${sizeAdjust}%;
  ascent-override: ${round(106.6 / (sizeAdjust / 100))}%;
  descent-override: ${round(30 / (sizeAdjust / 100))}%;
  line-gap-override: 0%;
}`;
    }),
  );
  return [...faces, ...fallbacks].join('\n');
}

const round = (value: number) => Math.round(value * 100) / 100;
