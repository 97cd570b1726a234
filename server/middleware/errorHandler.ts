import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../logging/logger.ts';
import { CACHE_CONTROL } from '../http/cacheControl.ts';

/** The site's plain error page, for answers that never reach React; title and text are our own constants. */
export const ERROR_PAGE = (title: string, text: string, canonical?: string) =>
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">${canonical === undefined ? '' : `<link rel="canonical" href="${canonical.replaceAll('&', '&amp;')}">`}<title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p><a href="/">Перейти на главную</a></main></body></html>`;

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
    res.status(405).type('html').send(ERROR_PAGE(CLIENT_ERRORS[405]!, 'Используйте ссылку или форму на сайте.'));
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
    const title = status >= 500 ? 'Ошибка приложения' : (CLIENT_ERRORS[status] ?? 'Некорректный запрос');
    const text = status >= 500 ? 'Произошла ошибка. Повторите попытку позже' : 'Проверьте адрес или данные запроса.';
    if (req.accepts(['html', 'json']) === 'json' || req.path.startsWith('/api/')) {
      res.status(status).json({ error: title });
      return;
    }
    const canonical = canonicalUrlOf(publicBaseUrl, req.originalUrl);
    if (canonical !== undefined) res.setHeader('Link', `<${canonical}>; rel="canonical"`);
    res.status(status).type('html').send(ERROR_PAGE(title, text, canonical));
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
