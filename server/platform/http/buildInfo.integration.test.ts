import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp, readManifest } from '../../../tests/support/testApp.ts';

test('builds/latest.json tells the current build id and is never cached', async () => {
  const { app } = await createTestApp();
  const manifest = readManifest();
  const response = await request(app).get(`/builds/latest.json?timestamp=${Date.now()}`);
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toEqual({ id: manifest.buildId, timestamp: manifest.timestamp });
  expect(manifest.buildId).toMatch(/^[0-9a-f]{10}$/);
});
