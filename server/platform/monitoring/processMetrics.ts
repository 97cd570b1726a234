import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from '../logging/logger.ts';

/** The signal that makes a worker log a sample now (`kill -USR2 <pid>`), as nginx's USR1. */
export const SAMPLE_SIGNAL = 'SIGUSR2';

/** Memory and event-loop delay of this process, the delay over the window since the last sample. */
export interface ProcessSample {
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
  readonly eventLoopDelayMs: { readonly mean: number; readonly p50: number; readonly p99: number; readonly max: number };
  readonly windowMs: number;
}

/** `sample()` takes a sample and starts a new event-loop window; `stop()` logs a last one ("shutdown"), a shutdown closer. */
export type ProcessMetrics = ReturnType<typeof startProcessMetrics>;

/** How often the delay timer is due; 10 ms is the delay a request queued behind a render notices. */
const RESOLUTION_MS = 10;

/** The delay beyond the timer's resolution, which Node's histogram includes. */
const delayMs = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100);

/** Memory and event-loop delay for `npm run soak`: logged on SIGUSR2 and at shutdown, never served. */
export function startProcessMetrics(logger: Logger) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let windowStart = performance.now();

  function sample(): ProcessSample {
    const memory = process.memoryUsage();
    const now = performance.now();
    const measured = histogram.count > 0;
    const result: ProcessSample = {
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      eventLoopDelayMs: {
        mean: measured ? delayMs(histogram.mean) : 0,
        p50: measured ? delayMs(histogram.percentile(50)) : 0,
        p99: measured ? delayMs(histogram.percentile(99)) : 0,
        max: measured ? delayMs(histogram.max) : 0,
      },
      windowMs: Math.round(now - windowStart),
    };
    histogram.reset();
    windowStart = now;
    return result;
  }

  const onSignal = () => logger.info({ reason: 'signal', ...sample() }, 'process metrics');
  process.on(SAMPLE_SIGNAL, onSignal);

  return {
    sample,
    stop() {
      process.off(SAMPLE_SIGNAL, onSignal);
      logger.info({ reason: 'shutdown', ...sample() }, 'process metrics');
      histogram.disable();
    },
  };
}
