import { expect, test } from 'vitest';
import { kindLine, longTaskLine, workOfLoad } from './longTasks.ts';
import type { LighthouseResult } from './scores.ts';

const audit = (id: string, items: unknown[]) => ({ id, title: id, score: null, scoreDisplayMode: 'informative', details: { items } });

const lhr: LighthouseResult = {
  categories: {},
  audits: {
    'long-tasks': audit('long-tasks', [
      { url: 'http://127.0.0.1:4000/assets/chunk-AB12.js', duration: 120.4, startTime: 2300.2 },
      { url: 'Unattributable', duration: 60, startTime: 900 },
    ]),
    'mainthread-work-breakdown': audit('mainthread-work-breakdown', [
      { group: 'styleLayout', groupLabel: 'Style & Layout', duration: 80 },
      { group: 'scriptEvaluation', groupLabel: 'Script Evaluation', duration: 640.6 },
      { group: 'garbageCollection', groupLabel: 'Garbage Collection', duration: 5 },
    ]),
    'bootup-time': audit('bootup-time', [
      { url: 'http://127.0.0.1:4000/', scripting: 40, scriptParseCompile: 2 },
      { url: 'http://127.0.0.1:4000/assets/chunk-AB12.js', scripting: 612, scriptParseCompile: 30 },
    ]),
  },
};

test('the long tasks of a load are listed in order with the script each is attributed to', () => {
  const work = workOfLoad(lhr);
  expect(longTaskLine(work)).toBe('900+60 Unattributable, 2300+120 /assets/chunk-AB12.js');
  expect(work.byScript[0]).toEqual({ script: '/assets/chunk-AB12.js', evaluationMs: 612, compileMs: 30 });
});

test('the main thread’s work is told by kind, largest first, small kinds left out', () => {
  expect(kindLine(workOfLoad(lhr))).toBe('Script Evaluation 641, Style & Layout 80');
});

test('a result without these audits has no long tasks rather than an error', () => {
  const work = workOfLoad({ categories: {}, audits: {} });
  expect(longTaskLine(work)).toBe('none');
  expect(work.byScript).toEqual([]);
});
