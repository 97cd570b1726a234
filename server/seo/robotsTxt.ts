/** Sections no crawler needs: the APIs, the internal showcase, the confirmation page. */
export const DISALLOWED_PREFIXES = ['/api/', '/_ui_kit/', '/success/'] as const;

export function renderRobotsTxt(publicBaseUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
