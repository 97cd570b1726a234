import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../tests/support/testApp.ts';
import { requestUrl } from './fetchRequest.ts';

test('a request target stays on the site even when its dot segments leave a path that starts with //', () => {
  for (const target of ['/%2E//evil.example/x', '/a/..//evil.example/', '/%2E///', '//evil.example/']) {
    expect(requestUrl(target, 'https://verf.test').origin).toBe('https://verf.test');
  }
  expect(requestUrl('/blog/?page=2', 'https://verf.test/').href).toBe('https://verf.test/blog/?page=2');
});

test('pages whose dot segments collapse into // are answered as missing pages, not a server error', async () => {
  const { app } = await createTestApp();
  for (const path of ['/%2E///', '/%2E//evil.example/x', '/%2e//evil.example/']) {
    const response = await request(app).get(path);
    expect(response.status, path).toBeLessThan(500);
    expect(response.headers.location ?? '', path).not.toMatch(/^(?:https?:)?\/\/|^\/\\/);
  }
});
