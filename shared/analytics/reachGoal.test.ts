import { afterEach, expect, test, vi } from 'vitest';
import { GOAL_NAMES, GOALS } from './goals.ts';
import { configureAnalytics, reachGoal } from './reachGoal.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

test('every goal of §7 is spelled exactly as the counter knows it', () => {
  expect(GOAL_NAMES).toEqual([
    'NEW-Shapka-Klik-na-burger-menyu',
    'NEW-Shapka-Klik-na-obsudit-proekt',
    'NEW-Shapka-Klik-na-nomer-telefona',
    'NEW-Shapka-Klik-na-pochtu',
    'NEW-Futer-Klik-na-lyuboy-nomer-telefona',
    'NEW-Futer-Klik-na-lyubuyu-pochtu',
    'NEW-Futer-Klik-na-partnerskaya-programma',
    'NEW-Futer-Klik-na-VC',
    'NEW-Futer-Klik-na-Telegram',
    'NEW-Futer-Klik-na-Dribble',
    'NEW-Futer-Klik-na-behance',
    'NEW-Futer-Klik-na-dprofile',
    '404error',
  ]);
});

test('in production a goal goes to the Metrika counter', () => {
  const ym = vi.fn();
  vi.stubGlobal('window', { ym });
  configureAnalytics({ counterId: 42, sendGoals: true });
  reachGoal(GOALS.headerPhone);
  expect(ym).toHaveBeenCalledExactlyOnceWith(42, 'reachGoal', 'NEW-Shapka-Klik-na-nomer-telefona');
});

test('outside production and the main site a goal is only logged with console.info', () => {
  const ym = vi.fn();
  const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.stubGlobal('window', { ym });
  configureAnalytics({ counterId: 42, sendGoals: false });
  reachGoal(GOALS.notFound);
  expect(ym).not.toHaveBeenCalled();
  expect(info).toHaveBeenCalledOnce();
  expect(String(info.mock.calls[0]?.[0])).toContain('404error');
});

test('in production with no counter configured a goal is dropped without a console line', () => {
  const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.stubGlobal('window', {});
  configureAnalytics({ counterId: undefined, sendGoals: true });
  reachGoal(GOALS.headerBurger);
  expect(info).not.toHaveBeenCalled();
});
