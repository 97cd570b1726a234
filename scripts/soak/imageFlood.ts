import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import { photoLike } from '../photoLike.ts';
import { counted, drawn } from './load.ts';

/** The one address the flood comes from (X-Forwarded-For, believed from loopback: TRUST_PROXY=loopback). */
const FLOOD_CLIENT = '203.0.113.7';

/**
 * A remote image host for IMAGE_DOMAINS that answers every path with the same 3072×2048
 * photograph: each path is a new source to the image service, so every flood request is a
 * legitimate, uncached, widest-screen AVIF variant (§9's 1536 px at density 2).
 */
export async function photoHost(): Promise<{ host: string; close: () => void }> {
  const photo = await photoLike(3072, 2048);
  const server: Server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(photo));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { host: `127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * For `seconds`: one client flooding /_ipx with uncached 3072 px AVIF variants of remote
 * photographs, and other clients (an address each) asking for the site's own covers at the widths
 * and formats pages use. Whether the cost budget keeps the flood to its share: whether the other
 * clients' images keep being served (and, run beside real page views, their errors and p99).
 */
export async function imageFloodRun(options: {
  readonly url: string;
  readonly photoHost: string;
  readonly covers: readonly string[];
  readonly widths: readonly number[];
  readonly connections: { readonly flood: number; readonly others: number };
  readonly seconds: number;
}) {
  const { url, seconds, covers, widths } = options;
  const run = (connections: number, next: () => autocannon.Request) =>
    counted({ url, connections, duration: seconds, timeout: 20, requests: drawn(next) });
  let photo = 0;
  const flood = run(options.connections.flood, () => ({
    method: 'GET',
    path: `/_ipx/w_3072,f_avif/http://${options.photoHost}/photo-${(photo += 1)}.jpg`,
    headers: { 'x-forwarded-for': FLOOD_CLIENT },
  }));
  let other = 0;
  const others = run(options.connections.others, () => {
    other += 1;
    const cover = covers[other % covers.length] ?? '';
    const width = widths[Math.floor(other / covers.length) % widths.length] ?? 640;
    return {
      method: 'GET',
      path: `/_ipx/w_${width},f_${other % 3 === 0 ? 'avif' : 'webp'}${cover}`,
      headers: { 'x-forwarded-for': `198.51.100.${1 + (other % 250)}` },
    };
  });
  const [{ sent, statuses, errors }, othersResult] = await Promise.all([flood, others]);
  return { flood: { sent, statuses, errors }, others: othersResult };
}
