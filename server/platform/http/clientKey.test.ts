import { expect, test } from 'vitest';
import { clientKeyOf } from './clientKey.ts';

test('an IPv4 client is its address, also when it arrived on a dual-stack listener', () => {
  expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
  expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(clientKeyOf('203.0.113.8')).not.toBe(clientKeyOf('203.0.113.7'));
});

test('an IPv6 client is its /56 block: rotating addresses inside it is one client, another block another', () => {
  const key = clientKeyOf('2001:db8:aa:bb00::1');
  expect(clientKeyOf('2001:db8:aa:bbff:1234:5678:9abc:def0')).toBe(key);
  expect(clientKeyOf('2001:db8:aa:bc00::1')).not.toBe(key);
  expect(clientKeyOf('::1')).toBe(clientKeyOf('::2'));
});
