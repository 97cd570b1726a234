import { existsSync, readFileSync, statSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { coverSpecs, coverSvg, renderCover, wrapTitle } from '../../scripts/generate-images.ts';

// Issue "Content" 5: every article and project has its cover in public/ (made by
// scripts/generate-images.ts). A new article without a cover fails here: run the script.

test('every article and project has a 1200×630 cover PNG under 60 KB', async () => {
  const specs = coverSpecs();
  expect(specs.length).toBeGreaterThan(0);
  const missing = specs.filter(({ file }) => !existsSync(file)).map(({ file }) => file);
  expect(missing, 'run `node scripts/generate-images.ts`').toEqual([]);
  for (const { file } of specs) {
    expect(statSync(file).size).toBeLessThan(60 * 1024);
    const { width, height, format } = await sharp(file).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
  }
});

test('a cover is the same picture every time for the same slug, and different for another', async () => {
  const spec = { slug: 'kak-vybrat-cms', title: 'Как выбрать CMS', kicker: 'Блог · Разработка' };
  expect(coverSvg(spec)).toBe(coverSvg(spec));
  expect(coverSvg({ ...spec, slug: 'drugaya-statya' })).not.toBe(coverSvg(spec));
  const [first] = coverSpecs();
  expect((await renderCover(first!.spec)).equals(readFileSync(first!.file)), 'covers are stale: run the script').toBe(true);
});

test('titles wrap without leaving a short preposition at the end of a line', () => {
  const lines = wrapTitle('Собеседование фронтенд-разработчика в студии: что мы спрашиваем и почему', 26, 4);
  for (const line of lines) expect(line).not.toMatch(/\s\p{L}{1,2}$/u);
  expect(wrapTitle('слово '.repeat(40), 26, 4)).toHaveLength(4);
  expect(wrapTitle('слово '.repeat(40), 26, 4)[3]).toMatch(/…$/);
});

test('the title is escaped in the SVG', () => {
  expect(coverSvg({ slug: 'x', title: 'Слово <b>&</b> «Верфь»', kicker: 'Блог' })).toContain('Слово &lt;b&gt;&amp;&lt;/b&gt; «Верфь»');
});
