import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * One cache per server render (styles of one request never leak into another) and one in the
 * browser. On the server `@emotion/server` collects the render's rules from the cache and the page
 * handler writes them as one sheet in `<head>` (server/platform/render/emotionStyles.ts), which the browser's
 * cache adopts as already inserted before hydration. No nonce: the CSP allows the server's style elements by their
 * hashes (server/platform/http/securityHeaders.ts).
 */
export function createEmotionCache(): EmotionCache {
  return createCache({ key: 'css' });
}
