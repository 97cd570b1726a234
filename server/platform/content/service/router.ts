import { Router } from 'express';
import { CACHE_CONTROL } from '../../http/cacheControl.ts';
import type { ContentService } from './service.ts';

/** The embedded service over HTTP, at `/api/content/` in the site and `/` for `npm run content-api`. */
export function contentServiceRouter(service: ContentService): Router {
  const router = Router();
  router.use((req, res) => {
    const queryStart = req.url.indexOf('?');
    const response = service.handle({
      method: req.method,
      path: queryStart === -1 ? req.url : req.url.slice(0, queryStart),
      search: queryStart === -1 ? '' : req.url.slice(queryStart + 1),
      accept: req.get('accept'),
      contentType: req.get('content-type'),
      hasBody: Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined,
      authorization: req.get('authorization'),
    });
    // Content changes with a deploy of the seed; readers revalidate rather than trust a copy.
    res.setHeader('Cache-Control', response.status === 200 ? CACHE_CONTROL.noCache : CACHE_CONTROL.noStore);
    res.status(response.status).set(response.headers);
    res.end(response.body ?? undefined);
  });
  return router;
}
