/**
 * Self-hosted Manrope (SIL OFL 1.1, `@fontsource-variable/manrope`): one variable file per
 * script covers weights 200–800. The files are copied from the package into `public/fonts/`
 * under names that carry the first 10 hex digits of their SHA-256, so they are served as
 * immutable (`server/middleware/staticFiles.ts`); `fonts.test.ts` fails when a file drifts from
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
 * `@font-face` rules: Manrope with `font-display: swap`, and "Manrope Fallback", a local Arial
 * (or its metric twin Liberation Sans) scaled to Manrope's advance widths and vertical metrics,
 * so the swap moves no line. Measured in Chromium on Russian and Latin running text: Manrope is
 * 1.2 % wider than Arial at weight 400 and 0.3–1.8 % narrower than Arial Bold at 600–700; its
 * ascent is 1.066 em and descent 0.300 em (hhea 2132/600 of 2000 units), line gap 0.
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
  const fallback = (weight: string, local: string, sizeAdjust: number) => `@font-face {
  font-family: 'Manrope Fallback';
  font-style: normal;
  font-weight: ${weight};
  src: ${local};
  size-adjust: ${sizeAdjust}%;
  ascent-override: ${round(106.6 / (sizeAdjust / 100))}%;
  descent-override: ${round(30 / (sizeAdjust / 100))}%;
  line-gap-override: 0%;
}`;
  return [
    ...faces,
    fallback('100 549', "local('Arial'), local('ArialMT'), local('Liberation Sans'), local('Helvetica')", 101.2),
    fallback('550 900', "local('Arial Bold'), local('Arial-BoldMT'), local('Liberation Sans Bold'), local('Helvetica Bold')", 99),
  ].join('\n');
}

const round = (value: number) => Math.round(value * 100) / 100;
