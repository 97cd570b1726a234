import type { ProcessSample } from '../../server/platform/monitoring/processMetrics.ts';
import { SAMPLE_SIGNAL } from '../../server/platform/monitoring/processMetrics.ts';
import type { RunningServer } from '../../tests/support/startServer.ts';
import { followLog, logLines, waitFor } from '../../tests/support/serverLog.ts';

/** The log lines of a server that the soak cares about (not the access log). */
export function serverEvents(site: RunningServer) {
  const lines = followLog(
    site.child.stdout,
    (line) => line.msg === 'process metrics' || 'workerPid' in line || String(line.msg).startsWith('listening'),
  );
  // Lines logged before following started (the first "listening") are in the output already.
  lines.unshift(...logLines(site.output()).filter((line) => String(line.msg).startsWith('listening')));
  const listening = () => lines.filter((line) => String(line.msg).startsWith('listening'));
  return {
    /** Worker pids, oldest first. */
    listeningPids: () => [...new Set(listening().map((line) => Number(line.pid)))],
    /** The primary's line for a worker that died, with its `time`. */
    deathOf: (pid: number) => lines.find((line) => line.workerPid === pid),
    newWorker: (known: readonly number[]) => listening().find((line) => !known.includes(Number(line.pid))),
    /** Asks a worker for its process metrics (SIGUSR2) and waits for the line. */
    async sample(pid: number): Promise<ProcessSample> {
      const askedAt = Date.now();
      process.kill(pid, SAMPLE_SIGNAL);
      return waitFor(
        `process metrics of ${pid}`,
        () =>
          lines.find((line) => line.msg === 'process metrics' && line.pid === pid && Number(line.time) >= askedAt) as
            ProcessSample | undefined,
        10_000,
      );
    },
  };
}
