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

export interface WrkOptions {
  readonly connections: number;
  readonly durationSeconds: number;
  readonly headers: Readonly<Record<string, string>>;
  /** A 4xx/5xx answer is a failure unless the page is meant to answer one (the 404 row). */
  readonly expectedStatus: number;
  /** A wrk Lua script (`-s`) choosing each request's path (the scenarios of scripts/bench/scenarios.ts). */
  readonly script?: string;
}

/**
 * Runs Debian's `wrk` (C, one thread) against `url`. wrk rather than autocannon: autocannon's own
 * per-response work grows with the body and, on this 2-core machine, capped the bare baseline at
 * about 2 200 requests/s where wrk drives the same server past 13 000 — the ratios then measured
 * the load generator, not the server.
 */
export async function wrk(url: string, options: WrkOptions): Promise<Figures> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.durationSeconds}s`, '--latency', '--timeout', '5s'];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}: ${value}`);
  if (options.script !== undefined) args.push('-s', options.script);
  args.push(url);
  let stdout: string;
  try {
    ({ stdout } = await run('wrk', args, { timeout: (options.durationSeconds + 30) * 1000 }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('wrk is not installed: apt-get install wrk (Debian), as .ci/run does', { cause: error });
    }
    throw error;
  }
  return parseWrkOutput(stdout, options.expectedStatus);
}

/** Writes a wrk Lua script (`-s`) whose `paths` table holds `paths`, followed by `body`; returns its file. */
export async function wrkScript(name: string, paths: readonly string[], body: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'wrk-')), name);
  await writeFile(file, `local paths = {${paths.map((p) => JSON.stringify(p)).join(', ')}}\n${body}`);
  return file;
}

/** Reads wrk's text report (`--latency`). Exported for its test. */
export function parseWrkOutput(report: string, expectedStatus: number): Figures {
  const requests = Number(
    report
      .split('\n')
      .map((line) => /^(\d+) requests in /.exec(line.trim())?.[1])
      .find((count) => count !== undefined),
  );
  const rps = Number(/^Requests\/sec:\s+([\d.]+)/m.exec(report)?.[1]);
  const p50 = latencyMs(percentile(report, '50%'));
  const p99 = latencyMs(percentile(report, '99%'));
  if (!Number.isFinite(requests) || !Number.isFinite(rps) || p50 === undefined || p99 === undefined)
    throw new Error(`unexpected wrk report:\n${report}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  const wrongStatus = expectedStatus < 400 ? Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0) : 0;
  return { requests, rps, p50, p99, failures: socketErrors + wrongStatus };
}

/** The value of a line of wrk's latency distribution (`     99%    1.20s`). */
function percentile(report: string, label: string): string | undefined {
  for (const line of report.split('\n')) {
    const [name, value] = line.trim().split(/\s+/);
    if (name === label) return value;
  }
  return undefined;
}

function latencyMs(text: string | undefined): number | undefined {
  const match = text === undefined ? null : /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}
