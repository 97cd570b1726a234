import inject from 'light-my-request';
import { test, vi } from 'vitest';
import { createTestApp } from '../tests/support/testApp.ts';
test('dbg', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '0' });
  const r0 = await inject(app, { method: 'GET', url: '/blog/' });
  console.log('REAL', r0.statusCode, r0.rawPayload.length);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T07:00:00Z'));
  const r = await inject(app, { method: 'GET', url: '/blog/' });
  vi.useRealTimers();
  console.log('STATUS', r.statusCode, r.rawPayload.length);
});
