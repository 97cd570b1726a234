/**
 * Emotion writes each rule's `<style data-emotion="css NAME">` just before the first element
 * that uses it (docs/decisions/003). On a real page that is 80–250 small style sheets scattered
 * through `<body>`, which cost the browser twice: style resolution walks every sheet for every
 * element, and the browser's Emotion cache then moves each tag into `<head>` before hydration
 * (and a second time when it re-inserts them into its own sheet). Once the whole document is
 * rendered, the server joins them — in the order Emotion wrote them, so the cascade is the one
 * the render produced — into one `<style data-emotion="css NAME NAME…">` at the end of `<head>`,
 * which the browser's cache adopts as already inserted, exactly as it adopts the inline ones.
 * `css-global` tags and the font faces' plain `<style>` stay where React put them.
 */
const EMOTION_STYLE = /<style data-emotion="css ([^"]*)"(?: nonce="([^"]*)")?>([\s\S]*?)<\/style>/g;

export function hoistEmotionStyles(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  const names: string[] = [];
  const rules: string[] = [];
  let nonce: string | undefined;
  const body = html.slice(headEnd).replace(EMOTION_STYLE, (_tag, tagNames: string, tagNonce: string | undefined, css: string) => {
    names.push(tagNames);
    rules.push(css);
    nonce ??= tagNonce;
    return '';
  });
  if (names.length === 0) return html;
  const sheet = `<style data-emotion="css ${names.join(' ')}"${nonce === undefined ? '' : ` nonce="${nonce}"`}>${rules.join('')}</style>`;
  return `${html.slice(0, headEnd)}${sheet}${body}`;
}
