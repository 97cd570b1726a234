import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * One cache per server render and one in the browser, which adopts the server's `<head>` sheet
 * (server/platform/render/emotionStyles.ts); no nonce, the CSP allows the styles by hash.
 */
export function createEmotionCache(): EmotionCache {
  return createCache({ key: 'css' });
}
