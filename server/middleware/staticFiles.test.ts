import { readdir } from 'node:fs/promises';
import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp, readManifest } from '../../tests/support/testApp.ts';
import { PATHS } from '../paths.ts';

test('hashed build assets are cached for a year as immutable', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get(readManifest().entry);
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers['content-type']).toContain('javascript');
});

test('a missing hashed asset is a plain 404, not an HTML page', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/assets/chunk-DOESNOTEXIST.js');
  expect(response.status).toBe(404);
  expect(response.text).not.toContain('<!DOCTYPE html><html lang="ru"><head><meta charSet');
});

test('other public files get a short cache', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/favicon.svg');
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=3600');
});

test('every file in public/ has an extension (page paths skip the file lookup on that ground)', async () => {
  const files = await readdir(PATHS.public, { recursive: true, withFileTypes: true });
  const withoutExtension = files.filter((entry) => entry.isFile() && !/\.[^/]+$/.test(entry.name)).map((entry) => entry.name);
  expect(withoutExtension).toEqual([]);
});
