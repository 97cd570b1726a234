import inject from 'light-my-request';
import { expect, test, vi } from 'vitest';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { backgroundRender } from './backgroundRender.ts';

test('a background render that has finished is not reported, nor aborted, when the render time limit passes', async () => {
  const abortAfterMs = 150;
  const { app, logs } = await createTestApp({ SSR_ABORT_MS: String(abortAfterMs) });
  // The limit's timer on a fake clock: the render takes what it takes on this machine, and the
  // limit passes only when the test moves the clock, after the render has finished.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    expect(await backgroundRender(app)('/about/')).toBe(200);
    vi.advanceTimersByTime(abortAfterMs * 3);
  } finally {
    vi.useRealTimers();
  }
  const rendered = logs.lines.filter((line) => (line.req as { path?: string } | undefined)?.path === '/about/');
  expect(rendered).toHaveLength(1);
  expect(logs.lines.filter((line) => line.level === 40 || line.level === 50)).toEqual([]);
});

test('a page with relative dates rendered again later the same day is the same bytes, so its compressed copies are kept', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '0' });
  const render = async () => (await inject(app, { method: 'GET', url: '/blog/' })).rawPayload;
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(new Date('2026-11-26T07:00:00Z'));
    const morning = await render();
    expect(morning.toString()).toContain('назад');
    vi.setSystemTime(new Date('2026-11-26T17:00:00Z'));
    expect((await render()).equals(morning)).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
