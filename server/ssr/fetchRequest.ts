import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * Express → Fetch `Request` for react-router's static handler, as in react-router's
 * ssr-data-router example: the origin is the configured public base (never the Host header),
 * and the request's signal aborts when the client goes away, so loaders stop early.
 */
export function createFetchRequest(req: ExpressRequest, res: ExpressResponse, publicBaseUrl: string, url: string): Request {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, value);
  }
  return new Request(new URL(url, publicBaseUrl), { method: req.method, headers, signal: controller.signal });
}
