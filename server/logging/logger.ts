import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * One JSON logger for the process. Redaction is a second line of defence: request bodies are
 * never logged at all (see accessLog), but headers that carry secrets are censored if a
 * serializer ever includes them.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
