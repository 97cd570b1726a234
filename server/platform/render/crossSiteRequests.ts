import type { Request, RequestHandler } from 'express';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import { sendShellErrorPage, type ShellErrorPages } from './shellErrorPage.tsx';

/** Methods that change something: a page of another site must not make a visitor's browser send them. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const CROSS_SITE_TEXT = 'Запрос с другого сайта отклонён. Отправьте форму со страницы сайта.';

/**
 * Refuses a browser's cross-site state-changing request: an `Origin` other than the site's or ALLOWED_ORIGINS, or
 * `Sec-Fetch-Site: cross-site` without one; a request with neither (curl, a CRM) goes on. 403, JSON or the error page.
 */
export function refuseCrossSiteRequests(allowedOrigins: readonly string[], errorPages?: ShellErrorPages): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    if (!STATE_CHANGING.has(req.method) || !isCrossSite(req, allowed)) return next();
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res.status(403);
    // §2: «Ошибка приложения» in the site's shell, with this explanation under it.
    if (req.accepts(['json', 'html']) === 'html') sendShellErrorPage(res, errorPages, 403, CROSS_SITE_TEXT).catch(next);
    else res.json({ error: CROSS_SITE_TEXT });
  };
}

function isCrossSite(req: Request, allowed: ReadonlySet<string>): boolean {
  const origin = req.get('origin');
  if (origin === undefined) return req.get('sec-fetch-site') === 'cross-site';
  // `Origin: null` (sandboxed frames, data: pages, redirects across sites) is nobody's own.
  return !allowed.has(origin.toLowerCase()) && !isLoopbackAlias(origin, allowed);
}

/** The default `http://localhost:3000` is also reached as `127.0.0.1` or `[::1]`: the same server, not another site. */
function isLoopbackAlias(origin: string, allowed: ReadonlySet<string>): boolean {
  const url = URL.parse(origin);
  if (url === null || !LOOPBACK_HOSTS.has(url.hostname)) return false;
  return [...LOOPBACK_HOSTS].some((host) => {
    const alias = new URL(url.href);
    alias.hostname = host;
    return allowed.has(alias.origin);
  });
}
