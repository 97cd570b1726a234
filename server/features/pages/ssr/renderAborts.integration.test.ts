import { use } from 'react';
import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { renderAborts } from '../../../platform/monitoring/metrics.ts';

/** A page that waits for data that never comes: only SSR_ABORT_MS ends its render. */
const never = new Promise<never>(() => undefined);
function NeverReady(): never {
  return use(never);
}

test('a render cut by SSR_ABORT_MS is counted in ssr_render_aborts_total', async () => {
  const { app, logs } = await createTestApp({ SSR_ABORT_MS: '50' }, { routes: [{ id: 'root', path: '/', Component: NeverReady }] });
  const aborts = async () => (await renderAborts.get()).values[0]?.value ?? 0;
  const before = await aborts();
  const response = await request(app).get('/');
  expect(response.status).toBe(500);
  expect(await aborts()).toBe(before + 1);
  expect(logs.lines.map((line) => line.msg)).toContain('render aborted: took too long');
});
