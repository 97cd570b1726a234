import type { ContentService } from './service/service.ts';
import type { Transport } from './client/transport.ts';

/** The embedded service without a socket: the same URL handed to `service.handle`, the rest a remote service's path (decision 004). */
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
