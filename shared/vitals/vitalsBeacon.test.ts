import { expect, test } from 'vitest';
import { traceIdOf } from './vitalsBeacon.ts';

test('the page’s trace id is read from a W3C traceparent, and nothing else passes for one', () => {
  expect(traceIdOf('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')).toBe('0af7651916cd43dd8448eb211c80319c');
  for (const other of [
    undefined,
    '',
    '0af7651916cd43dd8448eb211c80319c',
    '01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    '00-00000000000000000000000000000000-b7ad6b7169203331-01',
    '00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01',
    '00-0af7651916cd43dd8448eb211c80319c-b7ad6b71-01',
    '00-<script>-b7ad6b7169203331-01',
  ]) {
    expect(traceIdOf(other), String(other)).toBeUndefined();
  }
});
