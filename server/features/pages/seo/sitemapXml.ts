import type { SitemapEntry } from './sitemapEntries.ts';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The protocol's limit per file; beyond it a sitemap index would be needed. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** sitemaps.org 0.9: absolute `loc` under the canonical origin, `lastmod` as a W3C date. */
export function renderSitemap(entries: readonly SitemapEntry[], publicBaseUrl: string): string {
  if (entries.length > SITEMAP_MAX_URLS) throw new Error(`A sitemap holds at most ${SITEMAP_MAX_URLS} URLs`);
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod && /^\d{4}-\d{2}-\d{2}$/.test(entry.lastmod) ? `<lastmod>${entry.lastmod}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${publicBaseUrl}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;
}
