import { expect, test } from 'vitest';
import { signBody, verifySignature } from '../../platform/http/bodySignature.ts';

const SECRET = 'a-webhook-secret-of-the-crm';
const BODY = '{"id":"3f2c","form":"request"}';
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

test('the signature carries the unix time and the HMAC of "<t>.<body>"', () => {
  expect(signBody(BODY, SECRET, NOW)).toMatch(new RegExp(`^t=${NOW / 1000},v1=[0-9a-f]{64}$`));
});

test('the receiver check accepts a fresh delivery and refuses one replayed after five minutes', () => {
  const header = signBody(BODY, SECRET, NOW);
  expect(verifySignature(header, BODY, SECRET, NOW + 60_000)).toBe(true);
  expect(verifySignature(header, BODY, SECRET, NOW + 301_000)).toBe(false);
  expect(verifySignature(header, BODY, SECRET, NOW - 301_000)).toBe(false);
});

test('the receiver check refuses another body, another secret, a moved timestamp and junk', () => {
  const header = signBody(BODY, SECRET, NOW);
  expect(verifySignature(header, `${BODY} `, SECRET, NOW)).toBe(false);
  expect(verifySignature(header, BODY, 'another-secret-of-16+', NOW)).toBe(false);
  expect(verifySignature(header.replace(`t=${NOW / 1000}`, `t=${NOW / 1000 + 1}`), BODY, SECRET, NOW)).toBe(false);
  for (const junk of ['', 'sha256=abc', 't=,v1=', `t=${NOW / 1000}`, `t=${NOW / 1000},v1=zz`]) {
    expect(verifySignature(junk, BODY, SECRET, NOW), junk).toBe(false);
  }
});
