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

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    req.id = incoming !== undefined && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    next();
  };
}
