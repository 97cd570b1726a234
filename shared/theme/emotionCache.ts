import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The attribute of the server's class sheet (server/platform/render/emotionStyles.ts). Not Emotion's
 * `data-emotion`: the browser's cache would hydrate that tag by moving it to the end of `<head>`, and
 * a style element moved restyles the whole page during hydration.
 */
export const ADOPTED_SHEET_ATTRIBUTE = 'data-emotion-adopted';

/**
 * One cache per server render and one in the browser; the CSP allows their styles by hash. The
 * browser's takes the server's class sheet as inserted where it is, so hydration adds none of its
 * rules again and moves no tag.
 */
export function createEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  if (typeof document === 'undefined') return cache;
  for (const sheet of document.querySelectorAll(`style[${ADOPTED_SHEET_ATTRIBUTE}]`)) {
    const names = sheet.getAttribute(ADOPTED_SHEET_ATTRIBUTE)?.split(' ').slice(1) ?? [];
    for (const name of names) cache.inserted[name] = true;
  }
  return cache;
}
