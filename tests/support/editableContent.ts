import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startContentApi } from '../../server/content-service/standalone.ts';

/** The head office's phone in the seed, and what an editor changes it to. */
export const OLD_PHONE = '+7 812 409-35-17';
export const NEW_PHONE = '+7 812 409-99-99';

/**
 * The embedded content service on a loopback port, behind a proxy through which a test
 * "publishes" an edit (`publish()`: by default the head office's phone changes everywhere it
 * appears; `edit` names another text and its replacement). Give `url` to the site as CONTENT_API_URL.
 */
export async function startEditableContent(
  edit: readonly [before: string, after: string] = [OLD_PHONE, NEW_PHONE],
): Promise<{ url: string; publish(): void; close(): Promise<void> }> {
  const api = await startContentApi({ port: 0, host: '127.0.0.1' });
  let edited = false;
  // The handler catches everything it awaits, so nothing is left to the server to handle.
  const proxy: Server = createServer(
    (req, res) =>
      void (async () => {
        try {
          const upstream = await fetch(`${api.url}${req.url ?? '/'}`, { headers: { accept: req.headers.accept ?? '*/*' } });
          let body = await upstream.text();
          if (edited) body = body.replaceAll(edit[0], edit[1]);
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/vnd.api+json' });
          res.end(body);
        } catch {
          res.writeHead(502).end();
        }
      })(),
  );
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    publish: () => {
      edited = true;
    },
    async close() {
      await new Promise((resolve) => proxy.close(resolve));
      await api.close();
    },
  };
}

/** GET on a connection of its own (no keep-alive), so a cluster's primary deals each to the next worker. */
export function getOnNewConnection(url: string): Promise<{ status: number; cache: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string | undefined, body }));
    }).on('error', reject);
  });
}
