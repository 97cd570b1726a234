/** A schema.org object as JSON-LD; builders below return functions of the site's origin. */
export type JsonLdObject = { readonly '@context'?: string; readonly '@type': string } & { readonly [key: string]: unknown };

/** The site facts a builder needs to write absolute URLs (§2 canonical = public base + path). */
export interface SiteContext {
  /** Canonical origin, no trailing slash. */
  readonly baseUrl: string;
}

/** What a page's `meta` returns in `jsonLd`: built at render time, when the origin is known. */
export type JsonLdFactory = (site: SiteContext) => JsonLdObject;

export const SCHEMA_CONTEXT = 'https://schema.org';

/** An absolute URL for a site path; absolute URLs pass through. */
export function absoluteUrl(site: SiteContext, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${site.baseUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

// `</script>` and `<!--` inside content must not end or confuse the script element.
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON for `<script type="application/ld+json">`, safe against content that contains markup. */
export function serializeJsonLd(value: JsonLdObject): string {
  return JSON.stringify({ '@context': SCHEMA_CONTEXT, ...value }).replace(UNSAFE, (char) => ESCAPES[char] ?? char);
}
