/**
 * Text set as SVG outlines in the project's own Manrope (`public/fonts/`, `shared/theme/fonts.ts`):
 * librsvg (inside sharp) would draw `<text>` in whatever fonts the machine has, so the same commit
 * would give other bytes elsewhere. fontkit lays the text out; wawoff2 unpacks the `.woff2` files,
 * since fontkit cannot derive a weight instance from a WOFF2 file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { decompress } from 'wawoff2';
import { PATHS } from '../server/platform/paths.ts';
import { FONT_FILES } from '../shared/theme/fonts.ts';

/** Manrope at one weight: the per-script files, in the order the site's `@font-face` rules list them. */
export interface OutlineFace {
  readonly fonts: readonly fontkit.Font[];
}

export interface OutlineOptions {
  readonly x: number;
  /** The baseline, as `<text y>`. */
  readonly y: number;
  readonly size: number;
  /** Extra space after each character, as `letter-spacing`. */
  readonly letterSpacing?: number;
}

export async function loadOutlineFace(weight: number): Promise<OutlineFace> {
  const fonts: fontkit.Font[] = [];
  // One file at a time: wawoff2 returns its result as a view of the decoder's memory, which the
  // next decompression reuses, so two in flight could hand fontkit the other file's half-written
  // bytes ("Unknown font format", seen under load). The view is copied before the next call.
  for (const { file } of FONT_FILES) {
    const ttf = Buffer.from(await decompress(await readFile(path.join(PATHS.public, 'fonts', file))));
    const font = fontkit.create(ttf);
    if (!('getVariation' in font)) throw new Error(`${file} is a font collection, not a font`);
    fonts.push(font.getVariation({ wght: weight }));
  }
  return { fonts };
}

/** Splits the text into runs that one font file can set; a character none has is an error, not a blank. */
function runs(face: OutlineFace, text: string): { font: fontkit.Font; text: string }[] {
  const result: { font: fontkit.Font; text: string }[] = [];
  for (const char of text) {
    const font = face.fonts.find((candidate) => candidate.hasGlyphForCodePoint(char.codePointAt(0)!));
    if (font === undefined)
      throw new Error(`Manrope has no glyph for ${JSON.stringify(char)} (U+${char.codePointAt(0)!.toString(16).toUpperCase()})`);
    const last = result.at(-1);
    if (last?.font === font) last.text += char;
    else result.push({ font, text: char });
  }
  return result;
}

/** The advance width of the text on one line, kerned as `outlineText` sets it, in ems. */
export function advanceWidth(face: OutlineFace, text: string): number {
  return runs(face, text).reduce((sum, run) => sum + run.font.layout(run.text).advanceWidth / run.font.unitsPerEm, 0);
}

/** The path data (`d`) of the text, one line, from `x` on the baseline `y`. */
export function outlineText(face: OutlineFace, text: string, options: OutlineOptions): string {
  const parts: string[] = [];
  let penX = options.x;
  for (const run of runs(face, text)) {
    const scale = options.size / run.font.unitsPerEm;
    const { glyphs, positions } = run.font.layout(run.text);
    glyphs.forEach((glyph, index) => {
      const position = positions[index]!;
      // Font units grow upwards; SVG's y grows downwards.
      const originY = options.y - position.yOffset * scale;
      parts.push(glyph.path.transform(scale, 0, 0, -scale, penX + position.xOffset * scale, originY).toSVG());
      penX += position.xAdvance * scale + (options.letterSpacing ?? 0);
    });
  }
  return parts.join('');
}
