import pino, { type Logger } from 'pino';
import { traceFields } from '../telemetry/spans.ts';

export type { Logger };

/** One JSON logger (redaction is a second line of defence), written asynchronously: a synchronous write per access line held the loop. */
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
