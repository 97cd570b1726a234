/**
 * `node scripts/generate-images.ts`: the social-card cover of every article and project of the
 * seed, `public/images/{articles,projects}/<slug>.png`, served through /_ipx: abstract geometric
 * art drawn from the slug (re-running changes nothing) with the title set on it, our own work.
 * 1200×630 (Open Graph), a quantised palette PNG well under 60 KB. `--check` only reports covers
 * that are missing or stale, for CI.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadSeed } from '../server/platform/content/service/loadSeed.ts';
import { PATHS } from '../server/platform/paths.ts';
import { trimEnd } from '../shared/text/trim.ts';
import { loadOutlineFace, type OutlineFace, outlineText } from './textOutline.ts';

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

export interface CoverSpec {
  readonly slug: string;
  readonly title: string;
  /** Small line above the title: section and topic. */
  readonly kicker: string;
}

/** A small deterministic PRNG (mulberry32) seeded from the slug's SHA-256. */
function random(slug: string): () => number {
  let state = createHash('sha256').update(slug).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Dark backgrounds with two accents each: the title is always white on dark (contrast ≥ 7:1). */
const PALETTES = [
  { from: '#0b1f3a', to: '#12355b', accents: ['#ff7a59', '#ffd166'] },
  { from: '#10231d', to: '#1b4332', accents: ['#95d5b2', '#f4a261'] },
  { from: '#1d1135', to: '#3c1f6e', accents: ['#ff9ecd', '#7bdff2'] },
  { from: '#22110f', to: '#4a1c17', accents: ['#ffb703', '#fb8500'] },
  { from: '#0d1b2a', to: '#1b263b', accents: ['#4cc9f0', '#f72585'] },
  { from: '#1a1a1d', to: '#2e2e38', accents: ['#c3f73a', '#5ad2f4'] },
  { from: '#0f2a2e', to: '#16505a', accents: ['#ffe066', '#ff6b6b'] },
  { from: '#231942', to: '#5e548e', accents: ['#e0b1cb', '#9fffcb'] },
] as const;

const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const round = (value: number) => Math.round(value * 10) / 10;

/** Greedy word wrap; a title longer than `maxLines` ends with an ellipsis. */
export function wrapTitle(title: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  // Russian typesetting: a one- or two-letter word (в, и, на, по) never ends a line.
  const bound = title.replace(/(^|\s)([\p{L}\d]{1,2})\s+/gu, '$1$2\u00a0');
  for (const word of bound.split(/[ \t\n]+/)) {
    if (line !== '' && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${trimEnd(kept[maxLines - 1]!, ' \t\n\u00a0,.:;—-')}…`;
  return kept;
}

/** The geometric layer: one of four compositions, all drawn on the right, away from the title. */
function shapes(rng: () => number, accents: readonly string[]): string {
  const style = Math.floor(rng() * 4);
  const parts: string[] = [];
  const cx = 820 + rng() * 260;
  const cy = 120 + rng() * 300;
  if (style === 0) {
    // Concentric rings.
    for (let r = 60 + rng() * 40; r < 520; r += 38 + rng() * 30) {
      parts.push(
        `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="none" stroke="${pick(rng, accents)}" stroke-width="${round(3 + rng() * 10)}" opacity="${round(0.25 + rng() * 0.6)}"/>`,
      );
    }
  } else if (style === 1) {
    // A grid of rotated squares.
    const size = 54 + Math.floor(rng() * 30);
    for (let x = 640; x < COVER_WIDTH + size; x += size * 1.4) {
      for (let y = -size; y < COVER_HEIGHT + size; y += size * 1.4) {
        if (rng() < 0.35) continue;
        const angle = Math.floor(rng() * 4) * 15;
        parts.push(
          `<rect x="${round(x)}" y="${round(y)}" width="${size}" height="${size}" rx="${round(rng() * 12)}" transform="rotate(${angle} ${round(x + size / 2)} ${round(y + size / 2)})" fill="${pick(rng, accents)}" opacity="${round(0.2 + rng() * 0.7)}"/>`,
        );
      }
    }
  } else if (style === 2) {
    // Diagonal bands.
    const count = 5 + Math.floor(rng() * 5);
    for (let i = 0; i < count; i += 1) {
      const x = 560 + i * (90 + rng() * 40);
      const width = 20 + rng() * 60;
      parts.push(
        `<polygon points="${round(x)},0 ${round(x + width)},0 ${round(x + width - 320)},${COVER_HEIGHT} ${round(x - 320)},${COVER_HEIGHT}" fill="${pick(rng, accents)}" opacity="${round(0.25 + rng() * 0.6)}"/>`,
      );
    }
  } else {
    // Overlapping discs and a half-moon.
    const count = 3 + Math.floor(rng() * 4);
    for (let i = 0; i < count; i += 1) {
      parts.push(
        `<circle cx="${round(700 + rng() * 480)}" cy="${round(rng() * COVER_HEIGHT)}" r="${round(60 + rng() * 200)}" fill="${pick(rng, accents)}" opacity="${round(0.3 + rng() * 0.55)}"/>`,
      );
    }
    parts.push(`<path d="M ${round(cx)} ${round(cy - 150)} a 150 150 0 0 1 0 300 z" fill="${pick(rng, accents)}"/>`);
  }
  return parts.join('');
}

/** The text as outlines of the project's own Manrope Bold (`textOutline.ts`), never `<text>` (textOutline.ts says why). */
let boldFace: Promise<OutlineFace> | undefined;
const bold = () => (boldFace ??= loadOutlineFace(700));

/** The cover as SVG: gradient, shapes, a shade behind the text, kicker, title and the studio's name. */
export async function coverSvg(spec: CoverSpec): Promise<string> {
  const face = await bold();
  const rng = random(spec.slug);
  const palette = pick(rng, PALETTES);
  const angle = Math.floor(rng() * 360);
  const lines = wrapTitle(spec.title, 26, 4);
  const fontSize = lines.length > 3 ? 54 : 62;
  const lineHeight = Math.round(fontSize * 1.16);
  const titleTop = COVER_HEIGHT - 110 - lines.length * lineHeight;
  const title = lines
    .map((line, index) => outlineText(face, line, { x: 72, y: titleTop + (index + 1) * lineHeight, size: fontSize }))
    .join('');
  const kicker = outlineText(face, spec.kicker.toUpperCase(), { x: 72, y: 92, size: 26, letterSpacing: 3 });
  const studio = outlineText(face, 'Верфь', { x: 72, y: COVER_HEIGHT - 56, size: 28 });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
<defs>
<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>
<linearGradient id="shade" x1="0" x2="1"><stop offset="0" stop-color="${palette.from}" stop-opacity="0.92"/><stop offset="0.62" stop-color="${palette.from}" stop-opacity="0.75"/><stop offset="1" stop-color="${palette.from}" stop-opacity="0"/></linearGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
${shapes(rng, palette.accents)}
<rect width="${COVER_WIDTH * 0.72}" height="100%" fill="url(#shade)"/>
<path d="${kicker}" fill="${palette.accents[0]}"/>
<path d="${title}" fill="#ffffff"/>
<path d="${studio}" fill="#ffffff" opacity="0.85"/>
</svg>`;
}

export async function renderCover(spec: CoverSpec): Promise<Buffer> {
  return sharp(Buffer.from(await coverSvg(spec)))
    .png({ palette: true, quality: 85, dither: 0.2, compressionLevel: 9, effort: 10 })
    .toBuffer();
}

/** Every cover the seed needs: articles (kicker: blog + first tag) and projects (case + industry). */
export function coverSpecs(): { readonly file: string; readonly spec: CoverSpec }[] {
  const seed = loadSeed();
  const tagTitle = new Map(seed.articleFilters.map((tag) => [tag.slug, tag.title]));
  const industryTitle = new Map(seed.projectFilters.map((filter) => [filter.slug, filter.title]));
  return [
    ...seed.articles.map((article) => ({
      file: path.join(PATHS.public, 'images', 'articles', `${article.slug}.png`),
      spec: { slug: article.slug, title: article.title, kicker: `Блог · ${tagTitle.get(article.tags[0]!) ?? ''}` },
    })),
    ...seed.projects.map((project) => ({
      file: path.join(PATHS.public, 'images', 'projects', `${project.slug}.png`),
      spec: { slug: project.slug, title: project.title, kicker: `Кейс · ${industryTitle.get(project.industry) ?? ''}` },
    })),
  ];
}

async function main() {
  const check = process.argv.includes('--check');
  let changed = 0;
  for (const { file, spec } of coverSpecs()) {
    const png = await renderCover(spec);
    const current = existsSync(file) ? readFileSync(file) : null;
    if (current !== null && current.equals(png)) continue;
    changed += 1;
    if (check) {
      process.stdout.write(`stale or missing: ${path.relative(PATHS.public, file)}\n`);
      continue;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, png);
    process.stdout.write(`${path.relative(PATHS.public, file)} (${Math.round(png.length / 1024)} KB)\n`);
  }
  process.stdout.write(`${changed} cover(s) ${check ? 'need regenerating' : 'written'}\n`);
  if (check && changed > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
