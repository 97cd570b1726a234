import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../paths.ts';
import { coverSpecs, coverSvg, renderCover, wrapTitle } from '../../../../scripts/generate-images.ts';

// Every article and project has its cover in public/ (made by
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
  expect(await coverSvg(spec)).toBe(await coverSvg(spec));
  expect(await coverSvg({ ...spec, slug: 'drugaya-statya' })).not.toBe(await coverSvg(spec));
  const [first] = coverSpecs();
  expect((await renderCover(first!.spec)).equals(readFileSync(first!.file)), 'covers are stale: run the script').toBe(true);
});

test('titles wrap without leaving a short preposition at the end of a line', () => {
  const lines = wrapTitle('Собеседование фронтенд-разработчика в студии: что мы спрашиваем и почему', 26, 4);
  for (const line of lines) expect(line).not.toMatch(/\s\p{L}{1,2}$/u);
  expect(wrapTitle('слово '.repeat(40), 26, 4)).toHaveLength(4);
  expect(wrapTitle('слово '.repeat(40), 26, 4)[3]).toMatch(/…$/);
});

test('the text is drawn as outlines of the project font, so no system font is asked for', async () => {
  const svg = await coverSvg({ slug: 'x', title: 'Слово <b>&</b> «Верфь»', kicker: 'Блог' });
  expect(svg).not.toMatch(/<text|font-family/);
  expect(svg).not.toContain('<b>');
  expect(svg).toMatch(/<path d="M[\d. ]+L/);
});

test('a cover renders to the same bytes whichever system fonts the machine has', async () => {
  // A fontconfig that knows no font at all: whatever the machine has installed is invisible.
  const dir = mkdtempSync(path.join(tmpdir(), 'no-fonts-'));
  const config = path.join(dir, 'fonts.conf');
  writeFileSync(config, '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n');
  const [first] = coverSpecs();
  const script = `import { coverSpecs, renderCover } from './scripts/generate-images.ts';
import { createHash } from 'node:crypto';
const [first] = coverSpecs();
process.stdout.write(createHash('sha256').update(await renderCover(first.spec)).digest('hex'));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT_DIR,
    env: { ...process.env, FONTCONFIG_FILE: config },
  });
  expect(stdout).toBe(createHash('sha256').update(readFileSync(first!.file)).digest('hex'));
});
