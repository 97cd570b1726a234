import pino, { type Logger } from 'pino';
import { traceFields } from '../telemetry/spans.ts';

export type { Logger };

/**
 * One JSON logger for the process. Redaction is a second line of defence: request bodies are
 * never logged at all (see accessLog), but headers that carry secrets are censored if a
 * serializer ever includes them.
 *
 * Standard output is written asynchronously (pino's sonic-boom destination with `sync: false`):
 * a synchronous write per access line held the event loop on every request. pino flushes what is
 * left synchronously when the process exits, graceful stop and crash alike.
 */
export function createLogger(level: string, destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false })): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      // Inside a traced request every line names its trace (decision 028); nothing otherwise.
      mixin: () => traceFields(),
      // The numeric level pino writes (for range queries: level >= 50) and its name (for reading).
      formatters: { level: (label, number) => ({ level: number, levelName: label }) },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
