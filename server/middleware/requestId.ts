import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

// A proxy's id is reused so one request can be followed across hops, but only when it looks
// like an id: an arbitrary header value must not be able to inject text into our logs.
const SAFE_ID = /^[\w.:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
  }
}

/** The id of a request: its proxy's `X-Request-Id` when that looks like an id, else a new one. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

export function requestId(): RequestHandler {
  return (req, res, next) => {
    req.id = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', req.id);
    next();
  };
}
