import { expect, test } from 'vitest';
import { medianBy } from './median.ts';

test('the median is one of the items, the lower middle for an even count, and nothing for none', () => {
  const runs = [{ rps: 30 }, { rps: 10 }, { rps: 20 }];
  expect(medianBy(runs, (run) => run.rps)).toBe(runs[2]);
  expect(medianBy([4, 1, 3, 2], (value) => value)).toBe(2);
  expect(medianBy([], (value: number) => value)).toBeUndefined();
});
