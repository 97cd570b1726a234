import type { Request, RequestHandler } from 'express';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import { sendShellErrorPage, type ShellErrorPages } from './shellErrorPage.tsx';

/** Methods that change something: a page of another site must not make a visitor's browser send them. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const CROSS_SITE_TEXT = 'Запрос с другого сайта отклонён. Отправьте форму со страницы сайта.';

/**
 * Refuses state-changing requests that a browser sent on behalf of another site (cross-site
 * request forgery): an `Origin` other than the site's own (PUBLIC_BASE_URL) or ALLOWED_ORIGINS,
 * or, from browsers that send no `Origin`, `Sec-Fetch-Site: cross-site`. A request with neither
 * header is not a browser's cross-site request (curl, a CRM, a server-side integration) and goes
 * on: the forms' own checks and rate limit apply to it. The answer is 403: JSON for the site's
 * script and API clients, the site's error page for a form posted without JavaScript.
 */
export function refuseCrossSiteRequests(allowedOrigins: readonly string[], errorPages?: ShellErrorPages): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    if (!STATE_CHANGING.has(req.method) || !isCrossSite(req, allowed)) return next();
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res.status(403);
    if (req.accepts(['json', 'html']) === 'html') {
      // §2: «Ошибка приложения» in the site's shell, with this explanation under it.
      sendShellErrorPage(res, errorPages, 403, CROSS_SITE_TEXT).catch(next);
    } else {
      res.json({ error: CROSS_SITE_TEXT });
    }
  };
}

function isCrossSite(req: Request, allowed: ReadonlySet<string>): boolean {
  const origin = req.get('origin');
  if (origin === undefined) return req.get('sec-fetch-site') === 'cross-site';
  // `Origin: null` (sandboxed frames, data: pages, redirects across sites) is nobody's own.
  return !allowed.has(origin.toLowerCase()) && !isLoopbackAlias(origin, allowed);
}

/**
 * `http://localhost:3000` (the default PUBLIC_BASE_URL) is also reached as `http://127.0.0.1:3000`
 * or `http://[::1]:3000`: the same server on the same machine, never another site's page.
 */
function isLoopbackAlias(origin: string, allowed: ReadonlySet<string>): boolean {
  const url = URL.parse(origin);
  if (url === null || !LOOPBACK_HOSTS.has(url.hostname)) return false;
  return [...LOOPBACK_HOSTS].some((host) => {
    const alias = new URL(url.href);
    alias.hostname = host;
    return allowed.has(alias.origin);
  });
}
