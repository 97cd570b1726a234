import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * One cache per server render (styles of one request never leak into another) and one in the
 * browser. With a per-request cache Emotion writes each rule's `<style data-emotion>` right before
 * the first element that uses it, which keeps working while React streams; in the browser the
 * cache moves those tags into `<head>` before hydration. The nonce satisfies the CSP.
 */
export function createEmotionCache(nonce: string | undefined): EmotionCache {
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
}
