import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * One cache per server render (styles of one request never leak into another) and one in the
 * browser. With a per-request cache Emotion writes each rule's `<style data-emotion>` right before
 * the first element that uses it; the page handler then joins those tags into one sheet in
 * `<head>` (server/ssr/hoistEmotionStyles.ts), which the browser's cache adopts as already
 * inserted before hydration. No nonce: the CSP allows the server's style elements by their
 * hashes (server/middleware/securityHeaders.ts).
 */
export function createEmotionCache(): EmotionCache {
  return createCache({ key: 'css' });
}
