import type { ContentService } from './service/service.ts';
import type { Transport } from './client/transport.ts';

/**
 * The embedded service reached without a socket: the client builds the same URL it would send
 * over HTTP (`<PUBLIC_BASE_URL>/api/content/…`, where the router also serves it), and this
 * transport hands the path and query to `service.handle` and wraps the document in a
 * `Response`. Everything after that (status handling, content type, JSON parsing, validation,
 * jsona) is the code path of a remote service. See docs/decisions/004-embedded-content-service.md.
 */
export function inProcessTransport(service: ContentService, mountPath: string): Transport {
  return async (url, init) => {
    init.signal.throwIfAborted();
    const { pathname, search } = new URL(url);
    if (!pathname.startsWith(mountPath)) throw new TypeError(`${url} is not under the embedded service at ${mountPath}`);
    const response = service.handle({
      method: 'GET',
      path: pathname.slice(mountPath.length),
      search: search.slice(1),
      accept: init.headers.Accept,
      authorization: init.headers.Authorization,
    });
    return new Response(response.body, { status: response.status, headers: response.headers });
  };
}
