import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One load run's figures: requests answered and per second, latency percentiles in ms, failed requests. */
export interface Figures {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
}

/**
 * Runs Debian's `wrk` (C, one thread) against `url`. wrk rather than autocannon: autocannon's own
 * per-response work grows with the body and, on this 2-core machine, capped the bare baseline at
 * about 2 200 requests/s where wrk drives the same server past 13 000 — the ratios then measured
 * the load generator, not the server. `expectedStatus`: a 4xx/5xx answer is a failure unless the
 * page is meant to answer one (the 404 row); `script`: a wrk Lua script (`-s`) choosing each path.
 */
export async function wrk(
  url: string,
  options: { connections: number; durationSeconds: number; headers?: Record<string, string>; expectedStatus?: number; script?: string },
): Promise<Figures> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.durationSeconds}s`, '--latency', '--timeout', '5s'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  if (options.script !== undefined) args.push('-s', options.script);
  args.push(url);
  const { stdout } = await run('wrk', args, { timeout: (options.durationSeconds + 30) * 1000 }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error('wrk is not installed: apt-get install wrk (Debian), as .ci/run does', { cause: error });
  });
  return parseWrkOutput(stdout, options.expectedStatus ?? 200);
}

/** Writes a wrk Lua script (`-s`) whose `paths` table holds `paths`, followed by `body`; returns its file. */
export async function wrkScript(name: string, paths: readonly string[], body: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'wrk-')), name);
  await writeFile(file, `local paths = {${paths.map((p) => JSON.stringify(p)).join(', ')}}\n${body}`);
  return file;
}

/** A wrk script asking for every path of `paths` in turn. */
export const MIX_SCRIPT = `local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format(nil, paths[i])
end
`;

/** Reads wrk's text report (`--latency`). Exported for its test. */
export function parseWrkOutput(report: string, expectedStatus: number): Figures {
  const requests = Number(/^ *(\d+) requests in /m.exec(report)?.[1]);
  const rps = Number(/^Requests\/sec:\s+([\d.]+)/m.exec(report)?.[1]);
  const p50 = percentileMs(report, '50%');
  const p99 = percentileMs(report, '99%');
  if (!Number.isFinite(requests) || !Number.isFinite(rps) || p50 === undefined || p99 === undefined)
    throw new Error(`unexpected wrk report:\n${report}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  const wrongStatus = expectedStatus < 400 ? Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0) : 0;
  return { requests, rps, p50, p99, failures: socketErrors + wrongStatus };
}

/** The value in ms of a line of wrk's latency distribution (`     99%    1.20s`). */
function percentileMs(report: string, label: '50%' | '99%'): number | undefined {
  const match = new RegExp(`^ *${label} +([\\d.]+)(us|ms|s)\\b`, 'm').exec(report);
  if (!match?.[1]) return undefined;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}
