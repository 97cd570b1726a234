import { SERVER_TREES } from '../../../../shared/routes/serverMounts.ts';

/**
 * What no crawler needs: the APIs. Pages kept out of search results are not listed here: a
 * crawler must read their `noindex` (shared/routes/table.ts, `indexable`), and one kept out by
 * robots.txt could still list such a page, by its links, without ever reading it.
 */
export const DISALLOWED_PREFIXES = [`${SERVER_TREES.api}/`] as const;

export function renderRobotsTxt(publicBaseUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
