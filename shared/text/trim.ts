// Trims without a regular expression: `/\/+$/` is quadratic on a long run of slashes (decision 013).

/** `text` without the characters of `chars` at its end. */
export function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

/** `text` without the characters of `chars` at its start. */
export function trimStart(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start]!)) start += 1;
  return text.slice(start);
}

/** `/a/b//` → `a/b`. */
export const trimSlashes = (text: string): string => trimStart(trimEnd(text, '/'), '/');

/** Whether the last segment of a path has an extension: a dot followed by at least one character. */
export function hasExtension(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.indexOf('.');
  return dot !== -1 && dot < name.length - 1;
}
