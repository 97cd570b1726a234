import createCache, { type EmotionCache } from '@emotion/cache';

/** One cache per server render and one in the browser, which adopts the server's sheet; the CSP allows it by hash. */
export function createEmotionCache(): EmotionCache {
  return createCache({ key: 'css' });
}
