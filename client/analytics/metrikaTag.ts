import type { YandexMetrika } from '../../shared/analytics/reachGoal.ts';
import { isConstrainedConnection } from '../navigation/connection.ts';

/** The tag's address; `securityHeaders.ts` allows exactly its hosts while METRIKA_ID is set. */
export const METRIKA_TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

/** §9 "Analytics prefetch delayed 1 s unless the connection is very slow". */
export const METRIKA_LOAD_DELAY_MS = 1000;

/** Options of `ym(id, 'init', …)`: the counter's usual set; page hits after the first are ours. */
export const METRIKA_INIT_OPTIONS = { ssr: true, clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true } as const;

interface QueuedMetrika extends YandexMetrika {
  a?: unknown[][];
  l?: number;
}

/** Metrika's own loader: `window.ym` queues calls until tag.js replays them; an existing `ym` is kept. */
export function installMetrikaQueue(win: Window): YandexMetrika {
  if (typeof win.ym !== 'function') {
    const queue: QueuedMetrika = (...args: unknown[]) => {
      (queue.a ??= []).push(args);
    };
    queue.l = Date.now();
    win.ym = queue;
  }
  return win.ym;
}

export function insertMetrikaScript(doc: Document, counterId: number): HTMLScriptElement {
  const src = `${METRIKA_TAG_URL}?id=${counterId}`;
  const existing = [...doc.scripts].find((script) => script.src === src);
  if (existing) return existing;
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
  return script;
}

/** On a very slow connection the pause buys nothing and an early leaver would go uncounted. */
export function metrikaLoadDelay(nav: Navigator): number {
  return isConstrainedConnection(nav) ? 0 : METRIKA_LOAD_DELAY_MS;
}
