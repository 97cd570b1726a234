import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { FALLBACK_FACES, FONT_FILES, FONT_PACKAGE_DIR, fontFaceCss } from './fonts.ts';
import { fonts } from './theme.ts';

test('every self-hosted font file is the one the installed @fontsource package ships', async () => {
  for (const font of FONT_FILES) {
    const [served, shipped] = await Promise.all([
      readFile(path.join(ROOT_DIR, 'public/fonts', font.file)),
      readFile(path.join(ROOT_DIR, FONT_PACKAGE_DIR, font.source)),
    ]);
    expect(served.equals(shipped), `${font.file} differs from ${font.source}: copy it again`).toBe(true);
    // The name is what lets browsers keep the file for a year: it must change with the bytes.
    const digest = createHash('sha256').update(served).digest('hex').slice(0, 10);
    expect(font.file, `rename ${font.file} after its content`).toMatch(new RegExp(`\\.${digest}\\.woff2$`));
  }
});

test('the font faces swap and the fallback is sized to Manrope so nothing shifts', () => {
  const css = fontFaceCss();
  expect(css.match(/font-display: swap/g)).toHaveLength(FONT_FILES.length);
  // Arial (or its twins) first, then Roboto, Android's face; each in four weight ranges, scaled
  // to Manrope at that weight, with Manrope's ascent and descent once scaled.
  const faces = [
    ...css.matchAll(
      /font-family: '(Manrope Fallback[^']*)';\s*font-style: normal;\s*font-weight: ([\d ]+);\s*src: ([^;]+);\s*size-adjust: ([\d.]+)%;\s*ascent-override: ([\d.]+)%;\s*descent-override: ([\d.]+)%;/g,
    ),
  ].map(([, family, weight, src, sizeAdjust, ascent, descent]) => ({
    family,
    weight,
    src,
    sizeAdjust: Number(sizeAdjust),
    ascent: Number(ascent),
    descent: Number(descent),
  }));
  const ranges = ['100 549', '550 649', '650 749', '750 900'];
  expect(faces.map(({ family, weight }) => `${family} ${weight}`)).toEqual([
    ...ranges.map((range) => `Manrope Fallback ${range}`),
    ...ranges.map((range) => `Manrope Fallback Roboto ${range}`),
  ]);
  expect(faces.map((face) => face.src?.split(',')[0])).toEqual([
    "local('Arial')",
    ...Array(3).fill("local('Arial Bold')"),
    "local('Roboto')",
    ...Array(3).fill("local('Roboto Bold')"),
  ]);
  // Manrope widens with its weight: Arial's one bold is scaled up for extrabold, Roboto's more.
  expect(faces.map((face) => face.sizeAdjust)).toEqual([102.1, 98.3, 99.9, 101.4, 100.4, 102.7, 104.3, 105.9]);
  for (const face of faces) {
    expect(face.ascent * (face.sizeAdjust / 100)).toBeCloseTo(106.6, 0);
    expect(face.descent * (face.sizeAdjust / 100)).toBeCloseTo(30, 0);
  }
});

test('headings try Manrope, then each fallback face in order, then the system faces', () => {
  const families = ['Manrope', ...FALLBACK_FACES.map(({ family }) => family)].map((family) => `'${family}'`);
  expect(fonts.heading.startsWith(`${families.join(', ')}, system-ui,`), fonts.heading).toBe(true);
});
