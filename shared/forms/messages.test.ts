import { expect, test } from 'vitest';
import { FORM_MESSAGES } from './messages.ts';

test('the rate-limit message counts minutes with the Russian plural', () => {
  const word = (minutes: number) => /через \d+ (\S+)\.$/.exec(FORM_MESSAGES.rateLimited(minutes))?.[1];
  expect([1, 2, 5, 11, 21, 22, 25].map(word)).toEqual(['минуту', 'минуты', 'минут', 'минут', 'минуту', 'минуты', 'минут']);
});

test('the retry message counts seconds with the Russian plural', () => {
  const word = (seconds: number) => /через \d+ (\S+) —/.exec(FORM_MESSAGES.retrying(seconds))?.[1];
  expect([1, 2, 5, 10, 21, 30].map(word)).toEqual(['секунду', 'секунды', 'секунд', 'секунд', 'секунду', 'секунд']);
});
