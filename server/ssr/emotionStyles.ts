import type { EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { LRUCache } from 'lru-cache';
import { createEmotionCache } from '../../shared/theme/emotionCache.ts';
import { hashSource } from '../http/inlineHashes.ts';

export interface RenderStyles {
  /** The cache to hand the render (`CacheProvider`). */
  readonly cache: EmotionCache;
  /** The finished document with the render's styles at the end of its `<head>`. */
  readonly intoHead: (html: Buffer) => StyledDocument;
}

export interface StyledDocument {
  readonly html: Buffer;
  /** The CSP hash sources of the style elements written, from the CSS put into them. */
  readonly styleHashes: readonly string[];
}

/**
 * One render's Emotion styles, collected by `@emotion/server` (docs/decisions/003). Creating the
 * server instance puts the cache in compat mode: the render writes no `<style>` into the markup
 * and keeps each rule in the cache instead. Once the whole document is rendered,
 * `extractCriticalToChunks` takes the rules whose class names the HTML uses, in the order they
 * were inserted, and `constructStyleTagsFromChunks` writes them as Emotion's own SSR tags: each
 * `<Global>` style as `<style data-emotion="css-global NAME">`, then the keyframes and every class
 * rule in one `<style data-emotion="css NAME NAME…">`. They go at the end of `<head>`, where
 * the browser's cache adopts them as already inserted before hydration.
 */
/**
 * `@emotion/server` counts keyframes among the global styles (they are not class rules), which
 * would make each one a sheet of its own that the browser's cache does not adopt. Emotion's own
 * inline tags carry them with the class that uses them (`css NAME animation-NAME`), and the
 * browser's cache adopts them from there, so they join the class sheet. Emotion names every
 * keyframes `animation-HASH`.
 */
const isKeyframes = (chunk: { readonly key: string; readonly ids: readonly string[] }) =>
  chunk.key.endsWith('-global') && chunk.ids.every((id) => id.startsWith('animation-'));

/**
 * The style tags already written, by the rule names they hold, across renders. A rule's name is
 * the hash of its styles, and Emotion's server cache already keeps each name's compiled CSS for
 * the whole process (`@emotion/cache`), so the same names always make the same tags. The sheets
 * come from the site's code, not from content: a page type has one or a few, so a small bound
 * keeps them all. A hit skips joining some 30 KB of rules into tags and encoding them again
 * (about 2 % of an uncached render of the home page in a CPU profile).
 */
const TAGS_MAX_BYTES = 8 * 1024 * 1024;
const tagsByNames = new LRUCache<string, { readonly tags: Buffer; readonly styleHashes: readonly string[] }>({
  maxSize: TAGS_MAX_BYTES,
  sizeCalculation: ({ tags, styleHashes }, names) => tags.length + names.length + styleHashes.length * 64 + 64,
});

export function createRenderStyles(): RenderStyles {
  const cache = createEmotionCache();
  const server = createEmotionServer(cache);
  return {
    cache,
    intoHead(html) {
      const headEnd = html.indexOf('</head>');
      if (headEnd === -1) return { html, styleHashes: [] };
      // latin1 maps bytes to characters one to one: the class names Emotion looks for are ASCII,
      // and the document's UTF-8 text is neither decoded nor copied back.
      const { styles } = server.extractCriticalToChunks(html.toString('latin1'));
      const globals = styles.filter((chunk) => chunk.key !== cache.key && !isKeyframes(chunk));
      const sheet = [...styles.filter(isKeyframes), ...styles.filter((chunk) => chunk.key === cache.key)];
      const sheetIds = sheet.flatMap((chunk) => chunk.ids);
      // Names are [A-Za-z0-9_-]: a space, comma and bar cannot occur inside one.
      const names = `${globals.map((chunk) => chunk.ids.join(' ')).join(',')}|${sheetIds.join(' ')}`;
      let written = tagsByNames.get(names);
      if (written === undefined) {
        const classes = { key: cache.key, ids: sheetIds, css: sheet.map((chunk) => chunk.css).join('') };
        const chunks = [...globals, classes].filter((chunk) => chunk.css !== '');
        // Emotion writes each chunk's CSS between the tags as it is.
        written = {
          tags: Buffer.from(server.constructStyleTagsFromChunks({ html: '', styles: chunks })),
          styleHashes: [...new Set(chunks.map((chunk) => hashSource(chunk.css)))],
        };
        tagsByNames.set(names, written);
      }
      return { html: Buffer.concat([html.subarray(0, headEnd), written.tags, html.subarray(headEnd)]), styleHashes: written.styleHashes };
    },
  };
}
