import { describe, expect, it } from 'vitest';
import { blockingOf, type TraceEvent } from './visitorTrace.ts';

const RENDERER = 20;
const MAIN = 1;
const task = (startMs: number, durationMs: number, name = 'RunTask', pid = RENDERER, tid = MAIN): TraceEvent => ({
  name,
  ph: 'X',
  pid,
  tid,
  ts: startMs * 1000,
  dur: durationMs * 1000,
});
const mark = (name: string, atMs: number, pid = RENDERER, tid = MAIN): TraceEvent => ({ name, ph: 'R', pid, tid, ts: atMs * 1000 });

describe('blockingOf', () => {
  it('counts each main-thread task after the first paint with its part beyond 50 ms', () => {
    const result = blockingOf([
      task(0, 40, 'ParseHTML'),
      mark('firstContentfulPaint', 100),
      task(20, 300), // before the paint: only its 220 ms after it count, 170 of them beyond 50
      task(400, 120), // 70
      task(600, 30), // short: nothing
      task(700, 90, 'V8.CollectSourcePositions'),
    ]);
    expect(result.blockingMs).toBeCloseTo(240);
    expect(result.longestTaskMs).toBeCloseTo(220);
    expect(result.sourcePositionsMs).toBeCloseTo(90);
  });

  it("reads only the painting renderer's main thread", () => {
    const result = blockingOf([
      task(0, 500, 'ParseHTML', 10), // about:blank's renderer
      task(0, 5000, 'RunTask', 10),
      task(0, 10, 'ParseHTML'),
      task(0, 5000, 'RunTask', RENDERER, 2), // another thread of the page's renderer
      mark('firstContentfulPaint', 50),
      task(100, 150),
    ]);
    expect(result.blockingMs).toBeCloseTo(100);
  });

  it('refuses a trace in which the page never painted', () => {
    expect(() => blockingOf([task(0, 10, 'ParseHTML'), task(20, 400)])).toThrow(/firstContentfulPaint/);
  });
});
