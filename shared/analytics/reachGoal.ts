import { useCallback, useEffect } from 'react';
import type { GoalName } from './goals.ts';

/** Metrika's queueing function (`window.ym`), defined by the tag's loader. */
export type YandexMetrika = (counterId: number, method: string, ...args: unknown[]) => void;

declare global {
  interface Window {
    ym?: YandexMetrika;
  }
}

export interface AnalyticsSettings {
  readonly counterId: number | undefined;
  /** §7: production or the main site; otherwise goals are only logged. */
  readonly sendGoals: boolean;
}

let settings: AnalyticsSettings = { counterId: undefined, sendGoals: false };

/** Called once by the browser entry before hydration (`client/analytics/startAnalytics.ts`). */
export function configureAnalytics(next: AnalyticsSettings): void {
  settings = next;
}

/** Sends a §7 goal: logged outside production, dropped without a counter; never throws. */
export function reachGoal(goal: GoalName): void {
  if (typeof window === 'undefined') return;
  const { counterId, sendGoals } = settings;
  if (!sendGoals) {
    console.info(`[analytics] goal ${goal} not sent: not production and not the main site`);
    return;
  }
  if (counterId === undefined || typeof window.ym !== 'function') return;
  try {
    window.ym(counterId, 'reachGoal', goal);
  } catch {
    // the counter's own failure is not the visitor's problem
  }
}

/** A stable callback for an onClick: `const onPhone = useGoal(GOALS.headerPhone)`. */
export function useGoal(goal: GoalName): () => void {
  return useCallback(() => reachGoal(goal), [goal]);
}

/** Records `goal` when a view is shown (and again when `key` changes), e.g. 404error per path. */
export function useGoalOnView(goal: GoalName | undefined, key?: string): void {
  useEffect(() => {
    if (goal !== undefined) reachGoal(goal);
  }, [goal, key]);
}
