import type { EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { LRUCache } from 'lru-cache';
import { createEmotionCache } from '../../../shared/theme/emotionCache.ts';
import { hashSource } from '../http/inlineHashes.ts';

export interface RenderStyles {
  /** The cache to hand the render (`CacheProvider`). */
  readonly cache: EmotionCache;
  /** The style tags of the rules the finished document uses, for the end of its `<head>` (Document.tsx, `completeDocument`). */
  readonly sheetOf: (html: Buffer) => StyleSheet;
}

export interface StyleSheet {
  readonly tags: Buffer;
  /** The CSP hash sources of the style elements in `tags`, from the CSS put into them. */
  readonly styleHashes: readonly string[];
}

/** A finished document with the CSP hash sources of its style elements. */
export interface StyledDocument {
  readonly html: Buffer;
  readonly styleHashes: readonly string[];
}

/**
 * One render's Emotion styles (decision 003). `@emotion/server`'s instance keeps each rule in the
 * cache instead of the markup; once the document is rendered, the rules its class names use, with
 * every global style, are written by `constructStyleTagsFromChunks` as Emotion's own SSR tags at
 * the end of `<head>`, which the browser's cache adopts before hydration and leaves where they are
 * (`markAdopted`).
 *
 * Which rules to take is `extractCriticalToChunks`'s rule without its cost (decoding the document
 * and a regular expression over all of it, about 3 % of an uncached render's CPU): class names
 * are found with `Buffer.indexOf` on the bytes, and CSS joined only for a new set of names.
 * Keyframes (`animation-HASH`), which `@emotion/server` counts as global, join the class sheet,
 * as Emotion's own inline tags carry them; a sheet of their own is not adopted by the browser.
 */
const isKeyframes = (name: string) => name.startsWith('animation-');

/**
 * The style tags already written, by the rule names they hold: a name is the hash of its styles,
 * so the same names make the same tags, and a page type has one or a few sets. A hit skips
 * joining some 30 KB of rules (about 2 % of an uncached render of the home page).
 */
const TAGS_MAX_BYTES = 8 * 1024 * 1024;
const tagsByNames = new LRUCache<string, StyleSheet>({
  maxSize: TAGS_MAX_BYTES,
  sizeCalculation: ({ tags, styleHashes }, names) => tags.length + names.length + styleHashes.length * 64 + 64,
});

export function createRenderStyles(): RenderStyles {
  const cache = createEmotionCache();
  const server = createEmotionServer(cache);
  const classPrefix = `${cache.key}-`;
  return {
    cache,
    sheetOf(html) {
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
          tags: Buffer.from(markAdopted(server.constructStyleTagsFromChunks({ html: '', styles: chunks }))),
          styleHashes: [...new Set(chunks.map((chunk) => hashSource(chunk.css)))],
        };
        tagsByNames.set(names, written);
      }
      return written;
    },
  };
}

/**
 * The tags marked `data-s`, as Emotion's browser cache marks a server tag once it has moved it
 * into `<head>`: these are in `<head>` already, and moving them there again would make the
 * browser drop and re-add their sheets and restyle the whole page in the task that starts
 * hydration. The cache still adopts their rules as inserted (it reads `data-emotion` alone).
 */
function markAdopted(tags: string): string {
  return tags.replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
}

/** Bytes of a class name's suffix, as in `@emotion/server`'s `css-([a-zA-Z0-9-_]+)`. */
function isNameByte(byte: number): boolean {
  return (
    (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x5f
  );
}

/**
 * The names after `prefix` (`css-`) anywhere in the document, as `@emotion/server`'s scan finds
 * them: the longest run of name bytes after each occurrence. The bytes are ASCII, so the document
 * is read as Latin-1 (a copy, not a UTF-8 decode) and UTF-8 text around them never matches; each
 * character is looked at once or twice, so the scan is linear. String searches, not
 * `Buffer.indexOf`: half the time on a service page, which names a class 511 times.
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
