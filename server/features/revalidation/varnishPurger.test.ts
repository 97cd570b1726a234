import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { loadConfig } from '../../platform/config/env.ts';
import { configuredPurgers } from './configuredPurgers.ts';
import { MAX_TAG_LINE_BYTES, PURGE_SECRET_HEADER, tagLines, TagTooLongError, varnishPurger } from './varnishPurger.ts';

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() =>
  servers.splice(0).forEach((server) => {
    server.closeAllConnections();
    server.close();
  }),
);

/** A stand-in for Varnish's PURGE handling (docs/varnish/site.vcl), on a free loopback port. */
async function fakeVarnish(answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(200).end()) {
  const received: { method: string; keys: string; secret: string | undefined }[] = [];
  const server = createServer((req, res) => {
    const secret = req.headers[PURGE_SECRET_HEADER.toLowerCase()];
    received.push({ method: req.method ?? '', keys: String(req.headers['xkey-softpurge'] ?? ''), secret: secret as string | undefined });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

test('Varnish is sent PURGE with the tags in xkey-softpurge and the purge secret', async () => {
  const varnish = await fakeVarnish();
  const tags = Array.from({ length: 70 }, (_, index) => `articles:a${index}`);
  await varnishPurger(varnish.url, { secret: 'purge-secret-0123456789' }).invalidateTags(tags);
  expect(varnish.received).toEqual([{ method: 'PURGE', keys: tags.join(' '), secret: 'purge-secret-0123456789' }]);
});

test('tags are split by bytes so that every tag line stays within Varnish’s 8 KB header limit, none lost or reordered', async () => {
  const varnish = await fakeVarnish();
  const tags = Array.from({ length: 120 }, (_, index) => `path:/blog/${'stat-ya-'.repeat(20)}${index}/`);
  await varnishPurger(varnish.url).invalidateTags(tags);
  expect(varnish.received.length).toBeGreaterThan(1);
  for (const { keys } of varnish.received) expect(Buffer.byteLength(keys)).toBeLessThanOrEqual(MAX_TAG_LINE_BYTES);
  expect(varnish.received.flatMap(({ keys }) => keys.split(' '))).toEqual(tags);
});

test('a tag line is filled up to the limit exactly, and a tag longer than the limit alone is refused before anything is sent', async () => {
  expect(tagLines(['aaaa', 'bbbb', 'cc'], 9)).toEqual(['aaaa bbbb', 'cc']);
  expect(tagLines([], 9)).toEqual([]);
  // Bytes, not characters: a non-ASCII tag (never one contentTag makes) counts as UTF-8.
  expect(tagLines(['ё', 'ёё', 'ё'], 7)).toEqual(['ё ёё', 'ё']);
  expect(() => tagLines(['ok', 'x'.repeat(10)], 9)).toThrow(TagTooLongError);

  const varnish = await fakeVarnish();
  const purge = varnishPurger(varnish.url).invalidateTags(['articles', 'x'.repeat(MAX_TAG_LINE_BYTES + 1)]);
  await expect(purge).rejects.toThrow(TagTooLongError);
  expect(varnish.received).toEqual([]);
});

test('any answer but 2xx rejects with its status', async () => {
  for (const status of [403, 400, 301, 503]) {
    const varnish = await fakeVarnish((_req, res) => res.writeHead(status, status === 301 ? { location: '/' } : {}).end());
    await expect(varnishPurger(varnish.url).invalidateTags(['articles'])).rejects.toThrow(new RegExp(`PURGE answered ${status}`));
  }
  const accepted = await fakeVarnish((_req, res) => res.writeHead(204).end());
  await expect(varnishPurger(accepted.url).invalidateTags(['articles'])).resolves.toBeUndefined();
});

test('a Varnish that does not answer rejects', async () => {
  // The request is taken and never answered: the purger's own timeout ends it.
  const varnish = await fakeVarnish(() => undefined);
  await expect(varnishPurger(varnish.url, { timeoutMs: 200 }).invalidateTags(['articles'])).rejects.toThrow(/timeout|aborted/i);
  expect(varnish.received).toHaveLength(1);
});

test('VARNISH_PURGE_SECRET reaches every Varnish the configuration names; a short one is refused at start', async () => {
  const varnish = await fakeVarnish();
  const config = loadConfig({ VARNISH_URLS: `${varnish.url},${varnish.url}/`, VARNISH_PURGE_SECRET: 'configured-secret-0123456789' });
  const purgers = configuredPurgers(config.purgeTargets);
  expect(purgers).toHaveLength(2);
  for (const purger of purgers) await purger.invalidateTags(['articles']);
  expect(varnish.received.map(({ secret }) => secret)).toEqual(['configured-secret-0123456789', 'configured-secret-0123456789']);
  expect(() => loadConfig({ VARNISH_URLS: varnish.url, VARNISH_PURGE_SECRET: 'short' })).toThrow(/VARNISH_PURGE_SECRET/);
});
