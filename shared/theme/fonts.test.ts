import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/paths.ts';
import { FONT_FILES, FONT_PACKAGE_DIR, fontFaceCss } from './fonts.ts';

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
  expect(css).toContain("font-family: 'Manrope Fallback'");
  expect(css).toMatch(/size-adjust: 101\.2%/);
  expect(css).toMatch(/ascent-override: 105\.34%/);
});
