import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/** The request's absolute URL: the public origin then the target as received (as a reference `//host/…` would be a host). */
export function requestUrl(originalUrl: string, publicBaseUrl: string): URL {
  return new URL(`${new URL(publicBaseUrl).origin}${originalUrl.startsWith('/') ? '' : '/'}${originalUrl}`);
}

/** Express → Fetch `Request` for react-router (its ssr-data-router example): the public origin, aborted when the client leaves. */
export function createFetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
  const controller = new AbortController();
  // Only when the server had not ended the response (`writableEnded`: an in-process response never counts as finished).
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
