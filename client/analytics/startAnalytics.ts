import { createPath, type DataRouter, type RouterState } from 'react-router';
import { GOAL_ATTRIBUTE, isGoalName } from '../../shared/analytics/goals.ts';
import { configureAnalytics, reachGoal } from '../../shared/analytics/reachGoal.ts';
import type { BrowserConfig } from '../../shared/browser/browserConfig.ts';
import { insertMetrikaScript, installMetrikaQueue, METRIKA_INIT_OPTIONS, metrikaLoadDelay } from './metrikaTag.ts';

/** §7 analytics: the Metrika tag with a counter id, a hit per client route change, goals from `data-goal`. */
export function startAnalytics(router: DataRouter, config: Pick<BrowserConfig, 'metrikaId' | 'sendGoals'>): () => void {
  const counterId = parseCounterId(config.metrikaId);
  configureAnalytics({ counterId, sendGoals: config.sendGoals });

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(`[${GOAL_ATTRIBUTE}]`) : null;
    const goal = target?.getAttribute(GOAL_ATTRIBUTE);
    if (isGoalName(goal)) reachGoal(goal);
  };
  // Capture phase: a handler that stops propagation (a modal opener) still counts.
  document.addEventListener('click', onClick, true);
  countEarlyGoals(window as EarlyGoalsWindow);

  if (counterId === undefined) {
    return () => document.removeEventListener('click', onClick, true);
  }

  const ym = installMetrikaQueue(window);
  ym(counterId, 'init', METRIKA_INIT_OPTIONS);
  const timer = setTimeout(() => insertMetrikaScript(document, counterId), metrikaLoadDelay(navigator));

  // The first hit is the tag's own (init); later ones are client navigations.
  let lastUrl = new URL(window.location.pathname + window.location.search, window.location.href).href;
  const unsubscribe = router.subscribe((state: RouterState) => {
    if (state.navigation.state !== 'idle') return;
    // A hash change (an anchor on the same page) is not a new page.
    const { pathname, search } = state.location;
    const url = new URL(createPath({ pathname, search }), window.location.href).href;
    if (url === lastUrl) return;
    const referer = lastUrl;
    lastUrl = url;
    window.ym?.(counterId, 'hit', url, { referer });
  });

  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('click', onClick, true);
  };
}

function parseCounterId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,12}$/.test(value)) return undefined;
  return Number(value);
}

/** What the page's head script notes before analytics starts (server/platform/render/headScript.ts). */
export interface EarlyGoalsWindow {
  /** The `data-goal` of each click on a goal's element so far; removed once counted. */
  __goals?: unknown[];
}

/** Counts goals clicked before analytics started and stops the head script noting more. */
export function countEarlyGoals(target: EarlyGoalsWindow): void {
  const early = target.__goals ?? [];
  delete target.__goals;
  for (const goal of early) if (isGoalName(goal)) reachGoal(goal);
}
