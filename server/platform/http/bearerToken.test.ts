import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { bearerMatches } from './bearerToken.ts';

const SECRET = 'metrics-token-0123456789';
const app = express().get('/', (req, res) => void res.status(bearerMatches(req.get('authorization'), SECRET) ? 200 : 401).end());
const statusWith = async (authorization?: string) =>
  (await (authorization === undefined ? request(app).get('/') : request(app).get('/').set('Authorization', authorization))).status;

test('the bearer scheme is matched in any case, as RFC 9110 reads an auth scheme', async () => {
  for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) expect(await statusWith(`${scheme} ${SECRET}`), scheme).toBe(200);
  expect(await statusWith(`Bearer   ${SECRET}  `)).toBe(200);
});

test('another scheme, another token, no token or no header is refused', async () => {
  for (const header of [`Basic ${SECRET}`, `Bearer ${SECRET}x`, 'Bearer', 'Bearer ', `Bearer${SECRET}`, SECRET, ''])
    expect(await statusWith(header), header).toBe(401);
  expect(await statusWith()).toBe(401);
});
