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
 * A link target taken from a request (the form's `_page`), accepted only as a path of this site:
 * checked as {@link safePath}, then resolved against PUBLIC_BASE_URL and kept only if it stays
 * on its origin. The resolved path (dot segments removed) is what the page links to.
 */
export function sameOriginPath(value: unknown, publicBaseUrl: string): string | undefined {
  const path = safePath(value);
  if (path === undefined) return undefined;
  const base = new URL(publicBaseUrl);
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return undefined;
  }
  return url.origin === base.origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
}
