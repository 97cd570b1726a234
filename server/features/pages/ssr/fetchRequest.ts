import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * The absolute URL of a request on the site: the public origin followed by the request target as
 * received. Resolving the target as a reference instead would read `//host/…` as another host,
 * and so would a path that becomes `//…` once its dot segments are removed (`/%2E//host/`).
 */
export function requestUrl(originalUrl: string, publicBaseUrl: string): URL {
  return new URL(`${new URL(publicBaseUrl).origin}${originalUrl.startsWith('/') ? '' : '/'}${originalUrl}`);
}

/**
 * Express → Fetch `Request` for react-router's static handler, as in react-router's
 * ssr-data-router example: the origin is the configured public base (never the Host header),
 * and the request's signal aborts when the client goes away, so loaders stop early.
 */
export function createFetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
  const controller = new AbortController();
  // Only when the server had not ended the response: an abort makes a DOMException and runs the
  // signal's listeners, on every request once it was answered, for nothing to stop. `writableEnded`,
  // not `writableFinished`: a response made in process (light-my-request in the render bench,
  // scripts/bench/renderCompare.tsx) closes without ever counting as finished.
  res.on('close', () => {
    if (!res.writableEnded) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, value);
  }
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}
