import { expect, test } from 'vitest';
import { eventually } from '../forms/receivers.ts';
import { startServer } from '../support/startServer.ts';

test('after a start, /readyz waits for the warm-up, then the first request of every sitemap URL is a hit', async () => {
  const server = await startServer({ PAGE_CACHE_MAX_MB: '64', PAGE_CACHE_WARM_UP: '1' });
  try {
    const readiness = async () => {
      const response = await fetch(`${server.url}/readyz`);
      return { status: response.status, body: (await response.json()) as { checks: Record<string, string> } };
    };
    const first = await readiness();
    expect(first.status).toBe(first.body.checks.pageCache === 'ok' ? 200 : 503);
    await eventually(async () => (await readiness()).body.checks.pageCache === 'ok', 180_000);
    expect((await readiness()).status).toBe(200);
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.headers.get('x-cache'), path).toBe('HIT');
      await response.arrayBuffer();
    }
    expect(server.output()).toContain('page cache warmed up');
  } finally {
    await server.stop();
  }
}, 240_000);
