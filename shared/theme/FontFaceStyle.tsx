import { fontFaceCss } from './fonts.ts';

/** The text of the element, which the server allows in its CSP by hash (server/ssr/Document.tsx). */
export const FONT_FACE_CSS = fontFaceCss();

/**
 * The `@font-face` rules in a plain `<style>` that React hydrates where the server put it, not in
 * Emotion's `<Global>`: Emotion moves its server-rendered style tags into `<head>` when the browser
 * cache is created and moves the global one again when `<Global>` hydrates, and Chromium answers
 * every re-inserted `@font-face` sheet by dropping its font and text-shaping caches and laying out
 * the whole page again (35–80 ms each on this machine, ×4 under Lighthouse's mobile CPU slowdown;
 * the moves of the other style tags cost 5 ms). Font faces do not depend on cascade order, so the
 * element may stay in `<body>`. Its text is the same on every page, so the CSP allows it by hash.
 */
export function FontFaceStyle() {
  return <style dangerouslySetInnerHTML={{ __html: FONT_FACE_CSS }} />;
}
