import { Router, type NextFunction, type Request, type Response } from 'express';
import { object, pattern, string, validate } from 'superstruct';
import { CACHE_CONTROL } from '../../platform/http/cacheControl.ts';
import { CLIENT_ERROR_TEXTS } from '../../platform/http/clientErrorTexts.ts';
import { sendRedirect } from '../../platform/http/redirect.ts';
import { sameOriginPath } from '../../platform/http/sameOriginPath.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { endingCookie, openingCookie } from './previewCookie.ts';
import { isValidLink } from './previewSignature.ts';
import { PREVIEW_END_PATH, PREVIEW_PATH } from '../../../shared/routes/serverMounts.ts';

const REFUSED = 'Ссылка предпросмотра недействительна или устарела. Откройте предпросмотр из CMS ещё раз.';

/** `?path=…&expires=…&token=…`, as a CMS's preview button sends it (docs/deploy.md). */
const PreviewLink = object({ path: string(), expires: pattern(string(), /^\d{1,12}$/), token: pattern(string(), /^[0-9a-f]{64}$/) });

function previewLinkOf(req: Request): { path: string; expiresAt: number; token: string } | undefined {
  const [error, link] = validate(req.query, PreviewLink, { mask: true });
  return error === undefined ? { path: link.path, expiresAt: Number(link.expires), token: link.token } : undefined;
}

/** The path part of a same-site target (`/a/?b=1#c` → `/a/`): what the preview cookie is for. */
const pagePathOf = (target: string) => target.split(/[?#]/, 1)[0] ?? '/';

/** Preview (decision 021): a signed `GET /api/preview` sets the cookie and redirects; `POST /api/preview/end` clears it; else 404. */
export function previewApi(options: { secret: string | undefined; publicBaseUrl: string; logger: Logger }): Router {
  const { secret, publicBaseUrl, logger } = options;
  const router = Router();
  const methods = (allowed: readonly string[]) => (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res.setHeader('X-Robots-Tag', 'noindex');
    if (secret === undefined) return void res.status(404).type('text/plain').send(CLIENT_ERROR_TEXTS[404]);
    if (!allowed.includes(req.method)) {
      res.setHeader('Allow', allowed.join(', '));
      return void res.status(405).type('text/plain').send(CLIENT_ERROR_TEXTS[405]);
    }
    next();
  };
  router.all(PREVIEW_PATH, methods(['GET', 'HEAD']));
  router.all(PREVIEW_END_PATH, methods(['POST']));
  if (secret === undefined) return router;

  router.get(PREVIEW_PATH, (req, res) => {
    const now = Math.floor(Date.now() / 1000);
    const link = previewLinkOf(req);
    const target = link === undefined ? undefined : sameOriginPath(link.path, publicBaseUrl);
    if (link === undefined || target === undefined || !isValidLink(secret, link.path, link.expiresAt, link.token, now)) {
      logger.warn({ reqId: req.id }, 'preview link refused');
      return void res.status(403).type('text/plain').send(REFUSED);
    }
    res.append('Set-Cookie', openingCookie(secret, pagePathOf(target), now));
    sendRedirect(req, res, target, 303);
  });

  router.post(PREVIEW_END_PATH, (req, res) => {
    const path = typeof req.query['path'] === 'string' ? sameOriginPath(req.query['path'], publicBaseUrl) : undefined;
    res.append('Set-Cookie', endingCookie(pagePathOf(path ?? '/')));
    sendRedirect(req, res, path ?? '/', 303);
  });
  return router;
}
