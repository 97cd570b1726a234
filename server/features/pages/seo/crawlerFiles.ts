import { Router } from 'express';
import type { ContentApi } from '../../../../shared/content/contentApi.ts';
import { CACHE_CONTROL } from '../../../platform/http/cacheControl.ts';
import { sendRepresentation } from '../../../platform/http/sendRepresentation.ts';
import type { Logger } from '../../../platform/logging/logger.ts';
import { renderRobotsTxt } from './robotsTxt.ts';
import { collectSitemapEntries } from './sitemapEntries.ts';
import { renderSitemap } from './sitemapXml.ts';
import { CRAWLER_FILE_PATHS } from '../../../platform/http/routeIds.ts';

export { CRAWLER_FILE_PATHS };

/**
 * `/robots.txt` and `/sitemap.xml`. The sitemap is built from the route table
 * and the content on each request; the content client's own cache makes that cheap, and a CDN may
 * keep it as briefly as a page. Both carry a validator, one per content coding (decision 038). When the content service is down and nothing is cached the answer
 * is a 503 with Retry-After, so a crawler comes back instead of dropping every page.
 */
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
