import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { batches, purgeTagsOf, varnishPurger } from './purgers.ts';

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** A stand-in for Varnish's PURGE handling (docs/varnish/site.vcl), on a free loopback port. */
async function fakeVarnish(status = 200) {
  const received: { method: string; keys: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    received.push({ method: req.method ?? '', keys: String(req.headers['xkey-softpurge'] ?? '') });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

test('Varnish is sent PURGE with the tags in xkey-softpurge, in batches that fit its header limit', async () => {
  const varnish = await fakeVarnish();
  const tags = Array.from({ length: 70 }, (_, index) => `articles:a${index}`);
  await varnishPurger(varnish.url).invalidateTags(tags);
  expect(varnish.received.map(({ method }) => method)).toEqual(['PURGE', 'PURGE']);
  expect(varnish.received.flatMap(({ keys }) => keys.split(' '))).toEqual(tags);
});

test('a purge Varnish refuses is an error', async () => {
  const varnish = await fakeVarnish(403);
  await expect(varnishPurger(varnish.url).invalidateTags(['articles'])).rejects.toThrow(/403/);
});

test('a revalidation purges its tags, its paths by their tags, or the tag every response carries', () => {
  expect(purgeTagsOf({ tags: ['articles'] })).toEqual(['articles']);
  expect(purgeTagsOf({ paths: ['/blog/'] })).toEqual(['path:/blog/', 'path:/blog']);
  expect(purgeTagsOf({ all: true })).toEqual(['site']);
  expect(batches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
});
