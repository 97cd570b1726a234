/**
 * What runs in a page's long tasks, read from Lighthouse's own audits of one load (`long-tasks`,
 * `mainthread-work-breakdown`, `bootup-time`), measured as it measures TBT, so the real page and
 * the framework floor page are set side by side and the cost is found before a cure is chosen.
 */
import type { LighthouseResult } from './scores.ts';

type Row = Readonly<Record<string, unknown>>;

function itemsOf(lhr: LighthouseResult, id: string): readonly Row[] {
  const details = lhr.audits[id]?.details as { items?: readonly Row[] } | undefined;
  return details?.items ?? [];
}

const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A URL as a short name: its path (hashed chunk names are what tell scripts apart), or the text Lighthouse gave. */
function scriptName(value: unknown): string {
  if (typeof value !== 'string') return 'Unattributable';
  try {
    return new URL(value).pathname;
  } catch {
    return value;
  }
}

export type WorkOfLoad = ReturnType<typeof workOfLoad>;

/**
 * The long tasks in order, each with the script it is attributed to (its path, or Lighthouse's
 * "Unattributable"); main-thread milliseconds by kind ("Script Evaluation", "Style & Layout", …)
 * and per script evaluation and parse/compile milliseconds, both largest first.
 */
export function workOfLoad(lhr: LighthouseResult) {
  const longTasks = itemsOf(lhr, 'long-tasks')
    .map((item) => ({ startMs: number(item.startTime), durationMs: number(item.duration), script: scriptName(item.url) }))
    .sort((a, b) => a.startMs - b.startMs);
  const byKind = itemsOf(lhr, 'mainthread-work-breakdown')
    .map((item) => ({
      kind: [item.groupLabel, item.group].find((label): label is string => typeof label === 'string') ?? 'other',
      ms: number(item.duration),
    }))
    .sort((a, b) => b.ms - a.ms);
  const byScript = itemsOf(lhr, 'bootup-time')
    .map((item) => ({ script: scriptName(item.url), evaluationMs: number(item.scripting), compileMs: number(item.scriptParseCompile) }))
    .sort((a, b) => b.evaluationMs - a.evaluationMs);
  return { longTasks, byKind, byScript };
}

/** One line for a table: the long tasks as `start+duration script`, in order. */
export function longTaskLine(work: WorkOfLoad): string {
  if (work.longTasks.length === 0) return 'none';
  return work.longTasks.map((task) => `${task.startMs.toFixed(0)}+${task.durationMs.toFixed(0)} ${task.script}`).join(', ');
}

/** One line: the kinds of work above `minimumMs`, largest first. */
export function kindLine(work: WorkOfLoad, minimumMs = 20): string {
  return work.byKind
    .filter((entry) => entry.ms >= minimumMs)
    .map((entry) => `${entry.kind} ${entry.ms.toFixed(0)}`)
    .join(', ');
}
