import { afterEach, expect, test, vi } from 'vitest';
import { configureAnalytics } from '../../shared/analytics/reachGoal.ts';
import { countEarlyGoals, type EarlyGoalsWindow } from './startAnalytics.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('the goals clicked before analytics started are counted once each, and the head script stops noting more', () => {
  const ym = vi.fn();
  vi.stubGlobal('window', { ym });
  configureAnalytics({ counterId: 42, sendGoals: true });
  const target: EarlyGoalsWindow = { __goals: ['NEW-Shapka-Klik-na-burger-menyu', 'not-a-goal'] };
  countEarlyGoals(target);
  expect(ym).toHaveBeenCalledExactlyOnceWith(42, 'reachGoal', 'NEW-Shapka-Klik-na-burger-menyu');
  expect(target).not.toHaveProperty('__goals');
  countEarlyGoals(target);
  expect(ym).toHaveBeenCalledOnce();
});
