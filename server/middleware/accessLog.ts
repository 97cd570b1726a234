import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logging/logger.ts';

/**
 * One line per request: id, method, path, user agent, status and duration. Only the path is
 * logged, never the query string (UTM and form-ish parameters may carry personal data) nor any
 * body or cookie.
 *
 * Written here rather than with pino-http: pino-http makes a child logger for every request
 * (`req.log`), which nothing here uses, and that allocation and its serializers were a visible
 * part of the cache-hit path in the profile (docs/performance.md); this writes the same line
 * with the process's one logger.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      write(logger, req, res, performance.now() - started, !res.writableFinished);
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

function write(logger: Logger, req: Request, res: Response, responseTime: number, aborted: boolean): void {
  const path = pathOf(req);
  const status = res.statusCode;
  const line = {
    reqId: req.id,
    req: { id: req.id, method: req.method, path, userAgent: req.headers['user-agent'] },
    res: { statusCode: status },
    responseTime: Math.round(responseTime),
  };
  // A client that left before the answer was sent is a warning (nothing to fix on our side).
  if (aborted) logger.warn(line, `${req.method} ${path} ${status} aborted`);
  else if (status >= 500) logger.error(line, `${req.method} ${path} ${status} failed`);
  else if (status >= 400) logger.warn(line, `${req.method} ${path} ${status} ${Math.round(responseTime)}ms`);
  else logger.info(line, `${req.method} ${path} ${status} ${Math.round(responseTime)}ms`);
}

function pathOf(req: Request): string {
  const url = req.originalUrl;
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}
