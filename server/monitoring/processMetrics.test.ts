import { afterEach, expect, test } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { captureLogs } from '../../tests/support/captureLogs.ts';
import { SAMPLE_SIGNAL, startProcessMetrics, type ProcessMetrics } from './processMetrics.ts';

let metrics: ProcessMetrics | undefined;
afterEach(() => metrics?.stop());

function blockEventLoop(milliseconds: number) {
  const until = performance.now() + milliseconds;
  while (performance.now() < until) {
    // busy: nothing else may run
  }
}

test('a sample reports memory and how long the event loop was blocked since the previous sample', async () => {
  const { stream } = captureLogs();
  metrics = startProcessMetrics(createLogger('info', stream));
  await new Promise((resolve) => setTimeout(resolve, 30));
  blockEventLoop(80);
  // Let the delay timer fire once after the block, so it records how late it was.
  await new Promise((resolve) => setTimeout(resolve, 30));
  const blocked = metrics.sample();
  expect(blocked.rssBytes).toBeGreaterThan(blocked.heapUsedBytes);
  expect(blocked.heapUsedBytes).toBeGreaterThan(0);
  expect(blocked.eventLoopDelayMs.max).toBeGreaterThanOrEqual(60);
  expect(blocked.windowMs).toBeGreaterThanOrEqual(80);

  await new Promise((resolve) => setTimeout(resolve, 30));
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
