import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ERROR_TEXTS } from '../../shared/app/ErrorPage.tsx';
import type { Logger } from '../logging/logger.ts';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import { renderErrorPage } from '../http/errorPage.tsx';

/**
 * §2 "Every page has a canonical link", the error page too: the public base and the requested
 * path without the query. Only a path of plain URL characters (as a browser sends it, encoded)
 * goes into the tag and the header; anything else gets no canonical link rather than markup.
 */
export function canonicalUrlOf(publicBaseUrl: string, originalUrl: string): string | undefined {
  const path = originalUrl.split('?', 1)[0] ?? '';
  return /^\/[\w\-.~%!$&'()*+,;=:@/]*$/.test(path) ? `${publicBaseUrl}${path}` : undefined;
}

/** Texts for client errors that never reach React (bad body, bad method, bad URL). */
const CLIENT_ERRORS: Record<number, string> = {
  400: 'Некорректный запрос',
  404: ERROR_TEXTS.notFoundTitle,
  405: 'Метод не поддерживается',
  413: 'Слишком большой запрос',
  414: 'Слишком длинный адрес',
  415: 'Неподдерживаемый формат данных',
  431: 'Слишком большие заголовки запроса',
};

/** Page methods are GET and HEAD; anything else that reached the end of the chain is a 405. */
export function methodNotAllowed(): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.setHeader('Allow', 'GET, HEAD');
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res
      .status(405)
      .type('html')
      .send(renderErrorPage({ title: CLIENT_ERRORS[405]!, hint: 'Используйте ссылку или форму на сайте.' }));
  };
}

/**
 * The last handler: a client error (status 4xx set by a parser or by us) is answered as such;
 * anything else is a 500 logged with its stack. Never a crash, never a stack trace in the page.
 */
export function errorHandler(logger: Logger, publicBaseUrl: string): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = statusOf(error);
    if (status >= 500) logger.error({ err: error, reqId: req.id }, 'unhandled error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res.removeHeader('Link');
    const title = status >= 500 ? ERROR_TEXTS.appErrorTitle : (CLIENT_ERRORS[status] ?? CLIENT_ERRORS[400]!);
    const hint =
      status >= 500 ? ERROR_TEXTS.appErrorHint : status === 404 ? ERROR_TEXTS.notFoundHint : 'Проверьте адрес или данные запроса.';
    if (req.accepts(['html', 'json']) === 'json' || req.path.startsWith('/api/')) {
      res.status(status).json({ error: title });
      return;
    }
    // The canonical link is in the page only: a header echoing the request target could be as
    // long as the longest target Node accepts (decision 018: every header block ≤ 4 KB).
    const canonical = canonicalUrlOf(publicBaseUrl, req.originalUrl);
    res
      .status(status)
      .type('html')
      .send(renderErrorPage({ title, hint, canonicalUrl: canonical }));
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
