import type { IncomingMessage, RequestListener } from 'node:http';
import inject from 'light-my-request';
import type { BackgroundRender } from './pageCache.ts';

/** Requests the server makes to itself to fill the page cache: never answered from it. */
const backgroundRequests = new WeakSet<IncomingMessage>();

/** Whether this request is a background render of the page cache (it must render, not hit). */
export function isBackgroundRender(req: IncomingMessage): boolean {
  return backgroundRequests.has(req);
}

/** Renders a URL through the whole app in process (light-my-request, no socket): a refresh stores what a visitor would. */
export function backgroundRender(app: RequestListener): BackgroundRender {
  return async (key) => {
    const response = await inject(
      (req, res) => {
        backgroundRequests.add(req);
        app(req, res);
      },
      { method: 'GET', url: key, headers: { accept: 'text/html', 'user-agent': 'page-cache-refresh' }, remoteAddress: '127.0.0.1' },
    );
    return response.statusCode;
  };
}
