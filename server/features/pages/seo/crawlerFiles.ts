import { Router } from 'express';
import { XMLBuilder } from 'fast-xml-parser';
import type { ContentApi } from '../../../../shared/content/contentApi.ts';
import { CACHE_CONTROL } from '../../../platform/http/cacheControl.ts';
import { sendRepresentation } from '../../../platform/http/sendRepresentation.ts';
import type { Logger } from '../../../platform/logging/logger.ts';
import { CRAWLER_FILE_PATHS } from '../../../platform/http/routeIds.ts';
import { SERVER_TREES } from '../../../../shared/routes/serverMounts.ts';
import { collectSitemapEntries, type SitemapEntry } from './sitemapEntries.ts';

/** What no crawler needs: the APIs. A `noindex` page is not listed: the crawler must read its `noindex`. */
const DISALLOWED_PREFIXES = [`${SERVER_TREES.api}/`] as const;

function renderRobotsTxt(publicBaseUrl: string): string {
  const disallowed = DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`);
  return ['User-agent: *', ...disallowed, '', `Sitemap: ${publicBaseUrl}/sitemap.xml`, ''].join('\n');
}

/** The protocol's limit per file; beyond it a sitemap index would be needed. */
const SITEMAP_MAX_URLS = 50_000;
const sitemapXml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true });

/** sitemaps.org 0.9: absolute `loc` under the canonical origin, `lastmod` as a W3C date; fast-xml-parser escapes. */
function renderSitemap(entries: readonly SitemapEntry[], publicBaseUrl: string): string {
  if (entries.length > SITEMAP_MAX_URLS) throw new Error(`A sitemap holds at most ${SITEMAP_MAX_URLS} URLs`);
  const url = entries.map(({ path, lastmod }) => ({
    loc: `${publicBaseUrl}${path}`,
    ...(lastmod && /^\d{4}-\d{2}-\d{2}$/.test(lastmod) ? { lastmod } : {}),
  }));
  const urlset = { '@xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9', url };
  return sitemapXml.build({ '?xml': { '@version': '1.0', '@encoding': 'UTF-8' }, urlset });
}

/** `/robots.txt` and `/sitemap.xml` from the route table and content, kept like a page (decision 038); no content: 503. */
export function crawlerFiles(options: { content: ContentApi; publicBaseUrl: string; logger: Logger; pageCacheControl: string }): Router {
  const router = Router();
  const robots = renderRobotsTxt(options.publicBaseUrl);

  router.get(CRAWLER_FILE_PATHS.robots, async (req, res) => {
    res.setHeader('Cache-Control', options.pageCacheControl);
    res.type('text/plain; charset=utf-8');
    await sendRepresentation(req, res, robots);
  });

  router.get(CRAWLER_FILE_PATHS.sitemap, async (req, res) => {
    let xml: string;
    try {
      xml = renderSitemap(await collectSitemapEntries(options.content), options.publicBaseUrl);
    } catch (error) {
      options.logger.error({ err: error, reqId: req.id }, 'sitemap.xml: content unavailable');
      res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
      res.setHeader('Retry-After', '300');
      res.status(503).type('text/plain; charset=utf-8').send('Карта сайта временно недоступна');
      return;
    }
    res.setHeader('Cache-Control', options.pageCacheControl);
    res.type('application/xml; charset=utf-8');
    await sendRepresentation(req, res, xml);
  });
  return router;
}
