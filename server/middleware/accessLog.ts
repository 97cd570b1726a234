import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logging/logger.ts';

/**
 * One line per request: id, method, path, status, duration. Only the path is logged, never the
 * query string (UTM and form-ish parameters may carry personal data) nor any body or cookie.
 */
export function accessLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id: string }).id,
    quietReqLogger: true,
    customLogLevel: (_req, res, error) =>
      error !== undefined || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (req, res, responseTime) =>
      `${req.method} ${pathOf(req)} ${res.statusCode} ${Math.round(responseTime)}ms`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode} failed`,
    serializers: {
      req: (req: IncomingMessage & { id?: string; raw?: IncomingMessage }) => ({
        id: req.id,
        method: req.method,
        path: pathOf(req.raw ?? req),
        userAgent: (req.raw ?? req).headers?.['user-agent'],
      }),
      res: (res: ServerResponse & { raw?: ServerResponse }) => ({
        statusCode: (res.raw ?? res).statusCode,
      }),
    },
  });
}

function pathOf(req: IncomingMessage): string {
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}
