/**
 * `node scripts/measure-fallback-fonts.ts`: the `size-adjust` of each local face that stands in
 * for Manrope while it loads (`shared/theme/fonts.ts`): how much wider Manrope sets every heading
 * of the seed than the local face, so the swap moves no line. Widths are the fonts' own kerned
 * advances (fontkit, as `scripts/textOutline.ts`), so no installed font or screen changes them;
 * Liberation Sans checks the method against Arial's figures measured in Chromium. Needs Debian's
 * `fonts-liberation` and `fonts-roboto-unhinted` (for the measurement only).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { ROOT_DIR } from '../server/platform/paths.ts';
import { FALLBACK_FACES, FALLBACK_WEIGHTS } from '../shared/theme/fonts.ts';
import { advanceWidth, loadOutlineFace, type OutlineFace } from './textOutline.ts';

/** The local faces' files for each `FALLBACK_FACES` family, by its `regular` and `bold` face. */
const LOCAL_FILES: Record<
  (typeof FALLBACK_FACES)[number]['family'],
  { readonly regular: string; readonly bold: string; readonly name: string }
> = {
  'Manrope Fallback': {
    name: 'Arial (Liberation Sans, its metric twin)',
    regular: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    bold: '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  },
  'Manrope Fallback Roboto': {
    name: 'Roboto',
    regular: '/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf',
    bold: '/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf',
  },
};

/** Every heading of the seed content: titles and names of the JSON records, titles and `#` lines of the articles. */
async function seedHeadings(): Promise<string[]> {
  const headings = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if ((key === 'title' || key === 'name') && typeof inner === 'string') headings.add(inner);
        else collect(inner);
      }
    }
  };
  const seedDir = path.join(ROOT_DIR, 'server/platform/content/service/seed');
  for (const file of (await readdir(seedDir, { recursive: true })).map((name) => path.join(seedDir, name))) {
    if (file.endsWith('.json')) collect(JSON.parse(await readFile(file, 'utf8')));
    if (!file.endsWith('.md')) continue;
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      const heading = line.startsWith('#') ? line.replace(/^#+\s*/, '') : line.startsWith('title: ') ? line.slice(7) : '';
      if (heading !== '') headings.add(heading.replaceAll('"', '').trim());
    }
  }
  return [...headings];
}

const headings = await seedHeadings();
console.log(`${headings.length} headings, ${headings.join('').length} characters\n`);
// One at a time: loadOutlineFace decodes with one shared WOFF2 decoder (textOutline.ts).
const manropeFaces = new Map<number, OutlineFace>();
for (const { manrope } of FALLBACK_WEIGHTS) manropeFaces.set(manrope, await loadOutlineFace(manrope));
for (const { family } of FALLBACK_FACES) {
  const files = LOCAL_FILES[family];
  const sizeAdjust: Record<number, number> = {};
  for (const { manrope, local } of FALLBACK_WEIGHTS) {
    const file = files[local];
    if (!existsSync(file)) throw new Error(`${file} is missing: apt-get install fonts-liberation fonts-roboto-unhinted`);
    const face = fontkit.create(await readFile(file));
    if (!('layout' in face)) throw new Error(`${file} is a font collection`);
    const manropeFace = manropeFaces.get(manrope)!;
    // A heading the local face cannot set (none of the seed's so far) would be set in yet another font.
    const text = headings.filter((heading) => [...heading].every((char) => face.hasGlyphForCodePoint(char.codePointAt(0)!)));
    const manropeWidth = text.reduce((sum, heading) => sum + advanceWidth(manropeFace, heading), 0);
    const localWidth = text.reduce((sum, heading) => sum + face.layout(heading).advanceWidth / face.unitsPerEm, 0);
    sizeAdjust[manrope] = Math.round((manropeWidth / localWidth) * 1000) / 10;
  }
  console.log(`${family} (${files.name}): sizeAdjust: ${JSON.stringify(sizeAdjust)}`);
}
