import { expect, test } from 'vitest';
import { FORM_MESSAGES } from './messages.ts';
import { RETRY_WINDOW_MS, retryWhileUnavailable } from './retryWhileUnavailable.ts';
import type { SubmitOutcome } from './submitLead.ts';

const unavailable = (retryAfterMs: number): SubmitOutcome => ({ ok: false, errors: {}, formError: 'Сейчас сайт не может…', retryAfterMs });

/** A clock that moves only when the retry waits, and the answers the server gives in turn. */
function server(answers: SubmitOutcome[], last: SubmitOutcome = answers.at(-1)!) {
  let now = 0;
  const waits: number[] = [];
  const events: string[] = [];
  let sent = 0;
  return {
    waits,
    events,
    sent: () => sent,
    options: {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
      onWait: (seconds: number) => events.push(`wait ${seconds}`),
      onResend: () => events.push('resend'),
    },
    send: async () => {
      now += 100;
      return answers[sent++] ?? last;
    },
  };
}

test('a form the server could not store for a moment is sent again after its Retry-After, and the success is the outcome', async () => {
  const fake = server([unavailable(10_000), unavailable(10_000), { ok: true, id: 'lead-1' }]);
  expect(await retryWhileUnavailable(fake.send, fake.options)).toEqual({ ok: true, id: 'lead-1' });
  expect(fake.waits).toEqual([10_000, 10_000]);
  expect(fake.events).toEqual(['wait 10', 'resend', 'wait 10', 'resend']);
});

test('the wait follows Retry-After within bounds: never a busy loop, never more than half a minute', async () => {
  const fake = server([unavailable(0), unavailable(600_000), { ok: true, id: 'lead-2' }]);
  await retryWhileUnavailable(fake.send, fake.options);
  expect(fake.waits).toEqual([2000, 30_000]);
});

test('past the retry window the form gives up with its message, and keeps nothing from the server', async () => {
  const fake = server([unavailable(10_000)]);
  const outcome = await retryWhileUnavailable(fake.send, fake.options);
  expect(outcome).toEqual({ ok: false, errors: {}, formError: FORM_MESSAGES.unavailable });
  expect(fake.waits.reduce((sum, wait) => sum + wait, 0)).toBeLessThanOrEqual(RETRY_WINDOW_MS);
  expect(fake.sent()).toBe(fake.waits.length + 1);
  expect(fake.sent()).toBeGreaterThan(5);
});

test('any other answer is the outcome at once: a refused field, a 500, a lost connection', async () => {
  const answers: SubmitOutcome[] = [
    { ok: false, errors: { email: 'Введите корректный email адрес' }, formError: FORM_MESSAGES.fixErrors },
    { ok: false, errors: {}, formError: 'Ошибка приложения' },
    { ok: false, errors: {}, formError: FORM_MESSAGES.network },
  ];
  for (const answer of answers) {
    const fake = server([answer]);
    expect(await retryWhileUnavailable(fake.send, fake.options)).toBe(answer);
    expect(fake.waits).toEqual([]);
  }
});
