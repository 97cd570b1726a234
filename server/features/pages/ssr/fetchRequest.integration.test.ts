import { EventEmitter } from 'node:events';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { createFetchRequest, requestUrl } from './fetchRequest.ts';

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

test("the loaders' signal aborts when the client leaves before the response was ended, and not after", () => {
  const fetchRequestAfter = (ended: boolean) => {
    const res = Object.assign(new EventEmitter(), { writableEnded: ended });
    const req = { method: 'GET', headers: { accept: 'text/html' } };
    const fetchRequest = createFetchRequest(
      req as unknown as ExpressRequest,
      res as unknown as ExpressResponse,
      new URL('https://verf.test/'),
    );
    res.emit('close');
    return fetchRequest;
  };
  expect(fetchRequestAfter(false).signal.aborted).toBe(true);
  expect(fetchRequestAfter(true).signal.aborted).toBe(false);
  expect(fetchRequestAfter(true).headers.get('accept')).toBe('text/html');
});
