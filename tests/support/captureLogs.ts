import { Writable } from 'node:stream';

/** Log lines written during a test, parsed, so tests can assert on what ops would read. */
export interface CapturedLogs {
  readonly lines: Record<string, unknown>[];
}

/** A stream to give a test's logger; every JSON line written to it lands in `logs.lines`. */
export function captureLogs(): { logs: CapturedLogs; stream: Writable } {
  const logs: CapturedLogs = { lines: [] };
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.lines.push(JSON.parse(line));
      callback();
    },
  });
  return { logs, stream };
}
