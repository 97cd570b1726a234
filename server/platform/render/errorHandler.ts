import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ERROR_TEXTS } from '../../../shared/app/ErrorPage.tsx';
import type { Logger } from '../logging/logger.ts';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import { CLIENT_ERROR_TEXTS, ERROR_EXPLANATIONS } from '../http/clientErrorTexts.ts';
import { isPlainPath } from '../http/plainPath.ts';
import { sendShellErrorPage, type ShellErrorPages } from './shellErrorPage.tsx';
import { SERVER_TREES } from '../../../shared/routes/serverMounts.ts';

/** §2's canonical link of an error page: the base and the path without the query, only of plain URL characters. */
export function canonicalUrlOf(publicBaseUrl: string, originalUrl: string): string | undefined {
  const path = originalUrl.split('?', 1)[0] ?? '';
  return isPlainPath(path) ? `${publicBaseUrl}${path}` : undefined;
}

/** Longest canonical URL an error page carries (its `Link` header and its tag). */
const MAX_CANONICAL_LENGTH = 512;

/** Any method but GET and HEAD at the end of the chain is a 405, with its path's canonical link (§2). */
export function methodNotAllowed(errorPages?: ShellErrorPages, publicBaseUrl?: string): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.setHeader('Allow', 'GET, HEAD');
    const canonical = publicBaseUrl === undefined ? undefined : boundedCanonicalUrl(publicBaseUrl, req.originalUrl);
    sendShellErrorPage(res, errorPages, 405, ERROR_EXPLANATIONS[405], canonical).catch(next);
  };
}

/** The canonical URL of a refused request's path, if it is plain and not too long for the page. */
function boundedCanonicalUrl(publicBaseUrl: string, originalUrl: string): string | undefined {
  const found = canonicalUrlOf(publicBaseUrl, originalUrl);
  return found !== undefined && found.length <= MAX_CANONICAL_LENGTH ? found : undefined;
}

/** The last handler: a client error answered as such, anything else a 500 logged with its stack, never shown. */
export function errorHandler(logger: Logger, publicBaseUrl: string, errorPages?: ShellErrorPages): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = statusOf(error);
    if (status >= 500) logger.error({ err: error, reqId: req.id }, 'unhandled error');
    if (res.headersSent) return void res.destroy();
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res.removeHeader('Link');
    if (req.accepts(['html', 'json']) === 'json' || req.path.startsWith(`${SERVER_TREES.api}/`)) {
      const title =
        status >= 500 ? ERROR_TEXTS.appErrorTitle : ((CLIENT_ERROR_TEXTS as Record<number, string>)[status] ?? CLIENT_ERROR_TEXTS[400]);
      return void res.status(status).json({ error: title });
    }
    // The canonical link is in the page only: a header echoing the request target could be as
    // long as the longest target Node accepts (decision 018: every header block ≤ 4 KB).
    const canonical = boundedCanonicalUrl(publicBaseUrl, req.originalUrl);
    const explanation = status >= 500 ? undefined : (ERROR_EXPLANATIONS[status] ?? ERROR_EXPLANATIONS[400]);
    sendShellErrorPage(res, errorPages, status, explanation, canonical, req.originalUrl).catch((failure: unknown) => {
      logger.error({ err: failure, reqId: req.id }, 'error page failed');
      if (!res.headersSent) res.status(500).end();
    });
  };
}

function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
    const value = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : 500;
    if (value >= 400 && value < 600) return value;
  }
  if (error instanceof URIError) return 400;
  return 500;
}
