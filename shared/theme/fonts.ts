/** Self-hosted Manrope, copied into `public/fonts/` under hashed names (`fonts.test.ts` checks them). */
export const FONT_PACKAGE_DIR = 'node_modules/@fontsource-variable/manrope/files';

export interface FontFile {
  /** `<name>.<sha-256, 10 hex digits>.woff2`, served at `/fonts/<file>`. */
  readonly file: string;
  /** The package file it is copied from. */
  readonly source: string;
  readonly unicodeRange: string;
  /** Cyrillic and Latin (its spaces and digits) arrive together: Latin later shifted home's hero (CLS 0.11). */
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
 * Local faces scaled to Manrope's widths and metrics so the swap moves no line (decision 007):
 * Arial or its twins, else Roboto (Android). `sizeAdjust` per Manrope weight from
 * `node scripts/measure-fallback-fonts.ts` over every heading of the seed content.
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

/** Manrope widens with its weight far more than a local face's one bold: a scale per weight used. */
export const FALLBACK_WEIGHTS = [
  { range: '100 549', manrope: 400, local: 'regular' },
  { range: '550 649', manrope: 600, local: 'bold' },
  { range: '650 749', manrope: 700, local: 'bold' },
  { range: '750 900', manrope: 800, local: 'bold' },
] as const;

/** `@font-face` rules; Manrope's ascent 1.066 em, descent 0.300 em, divided by `size-adjust`, which scales them. */
export function fontFaceCss(): string {
  const faces = FONT_FILES.map(
    (font) => `@font-face { font-family: 'Manrope'; font-style: normal; font-weight: 200 800; font-display: swap;
  src: url(${fontUrl(font)}) format('woff2'); unicode-range: ${font.unicodeRange}; }`,
  );
  const fallbacks = FALLBACK_FACES.flatMap((face) =>
    FALLBACK_WEIGHTS.map(({ range, manrope, local }) => {
      const sizeAdjust = face.sizeAdjust[manrope];
      return `@font-face { font-family: '${face.family}'; font-style: normal; font-weight: ${range};
  src: ${face[local].map((name) => `local('${name}')`).join(', ')}; size-adjust: ${sizeAdjust}%;
  ascent-override: ${round(106.6 / (sizeAdjust / 100))}%; descent-override: ${round(30 / (sizeAdjust / 100))}%; line-gap-override: 0%; }`;
    }),
  );
  return [...faces, ...fallbacks].join('\n');
}

const round = (value: number) => Math.round(value * 100) / 100;
