import { afterEach, expect, test } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { captureLogs } from '../../../tests/support/captureLogs.ts';
import { SAMPLE_SIGNAL, startProcessMetrics, type ProcessMetrics } from './processMetrics.ts';

let metrics: ProcessMetrics | undefined;
afterEach(() => metrics?.stop());

function blockEventLoop(milliseconds: number) {
  const until = performance.now() + milliseconds;
  while (performance.now() < until) {
    // busy: nothing else may run
  }
}

/** One turn through the timers phase: every timer already due, the delay histogram's among them, has run. */
const timersPhase = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a sample reports memory and how long the event loop was blocked since the previous sample', async () => {
  const { stream } = captureLogs();
  metrics = startProcessMetrics(createLogger('info', stream));
  // The histogram measures from the delay timer's first run: make it due (its period is 10 ms), let it run.
  blockEventLoop(20);
  await timersPhase();
  blockEventLoop(200);
  // The delay timer was due during the block; it records how late it ran in the timers phase that follows.
  await timersPhase();
  const blocked = metrics.sample();
  expect(blocked.rssBytes).toBeGreaterThan(blocked.heapUsedBytes);
  expect(blocked.heapUsedBytes).toBeGreaterThan(0);
  expect(blocked.eventLoopDelayMs.max).toBeGreaterThanOrEqual(150);
  expect(blocked.windowMs).toBeGreaterThanOrEqual(200);

  await timersPhase();
  // The next window starts fresh: the old block is not counted again.
  expect(metrics.sample().eventLoopDelayMs.max).toBeLessThan(blocked.eventLoopDelayMs.max);
});

test('SIGUSR2 logs a sample, and stopping logs a last one', () => {
  const { logs, stream } = captureLogs();
  const running = startProcessMetrics(createLogger('info', stream));
  process.emit(SAMPLE_SIGNAL, SAMPLE_SIGNAL);
  running.stop();
  process.emit(SAMPLE_SIGNAL, SAMPLE_SIGNAL);
  const lines = logs.lines.filter((line) => line.msg === 'process metrics');
  expect(lines.map((line) => line.reason)).toEqual(['signal', 'shutdown']);
  expect(lines[0]).toMatchObject({
    rssBytes: expect.any(Number),
    heapUsedBytes: expect.any(Number),
    eventLoopDelayMs: { p99: expect.any(Number) },
  });
});
