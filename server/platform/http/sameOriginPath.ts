/** Longest path kept from a visitor (a page address with its query). */
const MAX_PATH_LENGTH = 500;
/** Whitespace, controls and backslashes: browsers drop tabs (`/\t/evil.example` is `//evil.example`) and read `\` as `/`. */
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;

/** A path that no browser can read as another host, short enough to store; else undefined. */
export function safePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_PATH_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTER.test(value)) return undefined;
  return value;
}

/** A resolved path a browser reads as another host (`//host`, `/\host`), checked after dot segments are resolved. */
const NETWORK_PATH = /^\/[/\\]/;

/**
 * A link target from a request (the form's `_page`) or content (a Markdown link), accepted only as a path of this
 * site: {@link safePath}, then resolved against PUBLIC_BASE_URL, kept if it stays on its origin (dot segments removed).
 */
export function sameOriginPath(value: unknown, publicBaseUrl: string): string | undefined {
  const path = safePath(value);
  if (path === undefined) return undefined;
  const base = new URL(publicBaseUrl);
  const url = URL.parse(path, base);
  if (url === null || url.origin !== base.origin || NETWORK_PATH.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
