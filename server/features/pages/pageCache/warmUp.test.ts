import { expect, test } from 'vitest';
import { createLogger } from '../../../platform/logging/logger.ts';
import { PageCache } from './pageCache.ts';
import { NOT_FOUND_WARM_UP_PATH, WarmUp } from './warmUp.ts';

const logger = createLogger('silent');
const contentReady = async () => ({ ready: true, checks: { content: 'ok' as const } });

test('the instance is not ready while the cache warms up, and ready once every path is stored', async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
  const rendered: string[] = [];
  cache.connect(async (key) => {
    rendered.push(key);
    if (key === NOT_FOUND_WARM_UP_PATH) return 404;
    void cache.store(key, Buffer.from(`<html>${key}</html>`), {}, 200, cache.generation, { waitForSlot: true });
    return 200;
  });
  const warmUp = new WarmUp();
  const readiness = warmUp.readiness(contentReady);
  expect(await readiness()).toEqual({ ready: false, checks: { content: 'ok', pageCache: 'unavailable' } });
  await warmUp.run(cache, async () => ['/', '/about/', '/blog/'], logger);
  expect(rendered.sort()).toEqual(['/', '/404/', '/about/', '/blog/']);
  for (const path of ['/', '/about/', '/blog/']) expect(cache.get(path)?.status).toBe(200);
  expect(await readiness()).toEqual({ ready: true, checks: { content: 'ok', pageCache: 'ok' } });
});

test('past its bound the instance is ready, degraded, even if the warm-up has not ended', async () => {
  const warmUp = new WarmUp(0);
  expect(await warmUp.readiness(contentReady)()).toEqual({ ready: true, checks: { content: 'ok', pageCache: 'degraded' } });
});

test('a sitemap that cannot be read ends the warm-up: the pages are rendered on first request', async () => {
  const warmUp = new WarmUp();
  await warmUp.run(
    new PageCache({ maxBytes: 1024, ttlMs: 1000 }),
    async () => {
      throw new Error('content down');
    },
    logger,
  );
  expect(warmUp.state).toBe('ok');
});
