import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger.ts';
import { isExpectedRefusal } from '../http/expectedRefusal.ts';

/** What a line needs of a request: Express's, or a page-cache hit's plain Node one (`server/middleware/cachedPages.ts`). */
export type LoggedRequest = IncomingMessage & { readonly id: string; readonly originalUrl?: string };

/**
 * One line per request: id, method, path, user agent, status and duration. Only the path is
 * logged, never the query string (UTM and form-ish parameters may carry personal data) nor any
 * body or cookie.
 *
 * Written here rather than with pino-http: pino-http makes a child logger for every request
 * (`req.log`), which nothing here uses, and that allocation and its serializers were a visible
 * part of the cache-hit path in a CPU profile; this writes the same line
 * with the process's one logger.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      writeAccessLine(logger, req, res.statusCode, performance.now() - started, !res.writableFinished, isExpectedRefusal(res));
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

/** The access line of one request; nothing is built when its level is off. */
export function writeAccessLine(
  logger: Logger,
  req: LoggedRequest,
  status: number,
  responseTime: number,
  aborted: boolean,
  expectedRefusal = false,
): void {
  // A client that left before the answer was sent is a warning (nothing to fix on our side), and
  // so is a refusal the server made by design (server/http/expectedRefusal.ts).
  const level = aborted || expectedRefusal ? 'warn' : status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const path = pathOf(req);
  const line = {
    reqId: req.id,
    req: { id: req.id, method: req.method, path, userAgent: req.headers['user-agent'] },
    res: { statusCode: status },
    responseTime: Math.round(responseTime),
  };
  const outcome = aborted ? 'aborted' : expectedRefusal ? 'refused' : status >= 500 ? 'failed' : `${Math.round(responseTime)}ms`;
  logger[level](line, `${req.method} ${path} ${status} ${outcome}`);
}

function pathOf(req: LoggedRequest): string {
  // `originalUrl`: a router mounted at a prefix (/_ipx) strips it from `url`.
  const url = req.originalUrl ?? req.url ?? '';
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}
