import createEmotionServer from '@emotion/server/create-instance';
import { LRUCache } from 'lru-cache';
import { ADOPTED_SHEET_ATTRIBUTE, createEmotionCache } from '../../../shared/theme/emotionCache.ts';
import { hashSource } from '../http/inlineHashes.ts';

export interface StyleSheet {
  readonly tags: Buffer;
  /** The CSP hash sources of the style elements in `tags`, from the CSS put into them. */
  readonly styleHashes: readonly string[];
}

/** A finished document with the CSP hash sources of its style elements. */
export type StyledDocument = { readonly html: Buffer } & Pick<StyleSheet, 'styleHashes'>;

/**
 * One render's Emotion styles (decision 003): the rules the document's class names use, with every global, written
 * by `@emotion/server`'s `constructStyleTagsFromChunks` at the end of `<head>`. Which rules is
 * `extractCriticalToChunks`'s choice without its cost (a decode and a regular expression over the whole document,
 * 3 % of an uncached render). Keyframes join the class sheet, as Emotion's inline tags carry them.
 */
const isKeyframes = (name: string) => name.startsWith('animation-');

/** The style tags written, by the rule names (hashes of their styles) they hold: a hit skips joining some 30 KB of rules. */
const TAGS_MAX_BYTES = 8 * 1024 * 1024;
const tagsByNames = new LRUCache<string, StyleSheet>({
  maxSize: TAGS_MAX_BYTES,
  sizeCalculation: ({ tags, styleHashes }, names) => tags.length + names.length + styleHashes.length * 64 + 64,
});

/** One render's Emotion cache (for `CacheProvider`) and the style tags of the rules its finished document uses (`completeDocument`). */
export type RenderStyles = ReturnType<typeof createRenderStyles>;

export function createRenderStyles() {
  const cache = createEmotionCache();
  const server = createEmotionServer(cache);
  const classPrefix = `${cache.key}-`;
  return {
    cache,
    sheetOf(html: Buffer): StyleSheet {
      const used = classNamesIn(html, classPrefix);
      const globals: string[] = [];
      const keyframes: string[] = [];
      const classes: string[] = [];
      for (const [name, css] of Object.entries(cache.inserted)) {
        if (typeof css !== 'string') continue;
        if (cache.registered[`${cache.key}-${name}`] === undefined) (isKeyframes(name) ? keyframes : globals).push(name);
        else if (used.has(name)) classes.push(name);
      }
      const sheetNames = [...keyframes, ...classes];
      // Names are [A-Za-z0-9_-]: a space, comma and bar cannot occur inside one.
      const names = `${globals.join(',')}|${sheetNames.join(' ')}`;
      let written = tagsByNames.get(names);
      if (written === undefined) {
        const cssOf = (name: string) => cache.inserted[name] as string;
        const chunks = [
          ...globals.map((name) => ({ key: `${cache.key}-global`, ids: [name], css: cssOf(name) })),
          { key: cache.key, ids: sheetNames, css: sheetNames.map(cssOf).join('') },
        ].filter((chunk) => chunk.css !== '');
        // Emotion writes each chunk's CSS between the tags as it is.
        written = {
          tags: Buffer.from(asAdopted(server.constructStyleTagsFromChunks({ html: '', styles: chunks }), cache.key)),
          styleHashes: [...new Set(chunks.map((chunk) => hashSource(chunk.css)))],
        };
        tagsByNames.set(names, written);
      }
      return written;
    },
  };
}

/**
 * The tags as the browser's cache is to leave them (shared/theme/emotionCache.ts): the globals marked `data-s`, as
 * Emotion marks a tag it has moved into `<head>`; the class sheet under an attribute of its own, read as inserted
 * rather than hydrated. Either move would restyle the whole page.
 */
function asAdopted(tags: string, key: string): string {
  return tags
    .replaceAll(`<style data-emotion="${key}-global `, `<style data-s="" data-emotion="${key}-global `)
    .replaceAll(`<style data-emotion="${key} `, `<style ${ADOPTED_SHEET_ATTRIBUTE}="${key} `);
}

/** Bytes of a class name's suffix, as in `@emotion/server`'s `css-([a-zA-Z0-9-_]+)`. */
function isNameByte(byte: number): boolean {
  return (
    (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x5f
  );
}

/**
 * The names after `prefix` (`css-`) in the document, as `@emotion/server`'s scan finds them, read as Latin-1 (a copy,
 * not a decode) in linear time; string searches take half `Buffer.indexOf`'s time on a page naming a class 511 times.
 */
export function classNamesIn(html: Buffer, prefix: string): Set<string> {
  const text = html.toString('latin1');
  const names = new Set<string>();
  let at = text.indexOf(prefix);
  while (at !== -1) {
    const start = at + prefix.length;
    let end = start;
    while (end < text.length && isNameByte(text.charCodeAt(end))) end += 1;
    if (end > start) names.add(text.slice(start, end));
    at = text.indexOf(prefix, end);
  }
  return names;
}
