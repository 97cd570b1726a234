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
 * One render's Emotion styles (docs/decisions/003). Creating `@emotion/server`'s instance puts the
 * cache in compat mode: the render writes no `<style>` into the markup and keeps each rule in the
 * cache instead. Once the whole document is rendered, the rules whose class names the HTML uses
 * are taken in the order they were inserted, with every global style, and written by
 * `constructStyleTagsFromChunks` as Emotion's own SSR tags: each `<Global>` style as
 * `<style data-emotion="css-global NAME">`, then the keyframes and every class rule in one
 * `<style data-emotion="css NAME NAME…">`. They go at the end of `<head>` (`completeDocument`),
 * where the browser's cache adopts them as already inserted before hydration, and leaves them
 * where they are (`markAdopted`).
 *
 * Which rules to take is `extractCriticalToChunks`'s rule, applied here without it: it decodes the
 * document into a string, runs a regular expression over all of it and joins every rule's CSS,
 * about 3 % of an uncached render's CPU time in a profile of a service page. Here the class
 * names are found with `Buffer.indexOf` on the bytes, and CSS is joined only for a set of names
 * not written before (`tagsByNames`).
 *
 * `@emotion/server` counts keyframes among the global styles (they are not class rules), which
 * would make each one a sheet of its own that the browser's cache does not adopt. Emotion's own
 * inline tags carry them with the class that uses them (`css NAME animation-NAME`), and the
 * browser's cache adopts them from there, so they join the class sheet. Emotion names every
 * keyframes `animation-HASH`.
 */
const isKeyframes = (name: string) => name.startsWith('animation-');

/**
 * The style tags already written, by the rule names they hold, across renders. A rule's name is
 * the hash of its styles, and Emotion's server cache already keeps each name's compiled CSS for
 * the whole process (`@emotion/cache`), so the same names always make the same tags. The sheets
 * come from the site's code, not from content: a page type has one or a few, so a small bound
 * keeps them all. A hit skips joining some 30 KB of rules into tags and encoding them again
 * (about 2 % of an uncached render of the home page in a CPU profile).
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
