/** Longest path kept from a visitor (a page address with its query). */
const MAX_PATH_LENGTH = 500;
/**
 * Whitespace and control or format characters anywhere: browsers drop tabs and newlines from
 * URLs, so `/\t/evil.example` is followed as `//evil.example`, another host. A backslash is read
 * as a slash in http(s) URLs (`/\evil.example`). A real path from the site's pages is
 * percent-encoded and has none of them.
 */
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;

/** A path that no browser can read as another host, short enough to store; else undefined. */
export function safePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_PATH_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTER.test(value)) return undefined;
  return value;
}

/**
 * A resolved path that a browser reads as another host when written into a page: `//host` is
 * scheme-relative, and `/\host` is the same in http(s) URLs. Dot segments produce them from
 * innocent-looking input (`/.//evil.example`, `/%2e//evil.example`), so the check is made on the
 * path after resolution, which is also the string the page links to.
 */
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
