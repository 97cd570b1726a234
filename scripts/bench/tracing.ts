import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { cpuSeconds } from '../../tests/support/processes.ts';
import { startServer, type RunningServer } from '../../tests/support/startServer.ts';
import { medianBy, middleRun } from '../median.ts';
import { waitForWarmCache } from './scenarios.ts';
import { wrk, type Figures } from './wrk.ts';

/** An OTLP/HTTP collector that takes every export and keeps nothing: the exporter's cost without a real collector's. */
async function startSink(): Promise<{ url: string; bytes: () => number; close(): Promise<void> }> {
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytes: () => bytes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** CPU time, user and system, the server has used, in ms (`/proc/<pid>/stat`: the bench runs where Debian's wrk does). */
const processCpuMs = (server: RunningServer) => cpuSeconds(server.child.pid ?? 0) * 1000;

/** One round of one server: wrk's figures and the server's CPU time per request answered. */
type Round = Figures & { readonly cpuMsPerRequest: number };

/** The round with the median request rate. */
const middle = (runs: readonly Figures[]) => middleRun(runs, (figures) => figures.rps);

const failuresOf = (runs: readonly Figures[]) => runs.reduce((sum, run) => sum + run.failures, 0);

interface TracingOptions {
  readonly paths: readonly string[];
  readonly modes: readonly ('cached' | 'uncached')[];
  readonly rounds: number;
  /** wrk's connections per mode: renders saturate the server with few, hits need more (docs/performance.md). */
  readonly connections: { readonly cached: number; readonly uncached: number };
  readonly durationSeconds: number;
  /** Both servers untraced: the method's own spread on this machine, every ratio's 1.0. */
  readonly control?: boolean;
}

/**
 * The same build twice at once, untraced and traced at full sampling (the preload, every span
 * exported to a local sink), measured in alternation `rounds` times per page and mode. The ratio
 * is the median of the rounds' ratios: the two runs of a round are back to back, so a change of
 * the machine's load slower than a round (other processes, the CPU's sibling thread) weighs on
 * both sides of it alike (decision 028; targets in docs/performance.md).
 */
export async function compareTracing(options: TracingOptions) {
  const rows: Awaited<ReturnType<typeof comparePage>>[] = [];
  const sink = await startSink();
  try {
    for (const mode of options.modes) {
      const env = { LOG_LEVEL: 'silent', PAGE_CACHE_MAX_MB: mode === 'cached' ? '64' : '0', PAGE_CACHE_WARM_UP: '1' };
      const untraced = await startServer(env);
      const traced = options.control
        ? await startServer(env)
        : await startServer({ ...env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER: 'always_on' }, [
            '--import',
            path.join(ROOT_DIR, 'dist/server/telemetry.js'),
          ]);
      try {
        await Promise.all([waitForWarmCache(untraced.url), waitForWarmCache(traced.url)]);
        for (const pagePath of options.paths) rows.push(await comparePage({ untraced, traced }, sink, pagePath, mode, options));
      } finally {
        await Promise.all([untraced.stop(), traced.stop()]);
      }
    }
  } finally {
    await sink.close();
  }
  return rows;
}

/**
 * One row: `ratio`, the median of `roundRatios` (traced req/s over untraced, in round order);
 * beside it `cpuRatio`, the median of the rounds' untraced CPU ms per request over traced, which
 * this machine's speed swings move less than a rate (docs/performance.md); `failures`, requests
 * failed or past wrk's timeout over every round of each side.
 */
async function comparePage(
  servers: Record<'untraced' | 'traced', RunningServer>,
  sink: { bytes: () => number },
  pagePath: string,
  mode: 'cached' | 'uncached',
  options: TracingOptions,
) {
  const measure = async (server: RunningServer): Promise<Round> => {
    const cpuBefore = processCpuMs(server);
    const figures = await wrk(`${server.url}${pagePath}`, {
      connections: options.connections[mode],
      durationSeconds: options.durationSeconds,
    });
    return { ...figures, cpuMsPerRequest: (processCpuMs(server) - cpuBefore) / Math.max(1, figures.requests) };
  };
  await measure(servers.untraced);
  await measure(servers.traced);
  const before = sink.bytes();
  const untracedRuns: Round[] = [];
  const tracedRuns: Round[] = [];
  // ABBA: each side goes first in every other round, so neither gains from its place in the pair.
  for (let round = 0; round < options.rounds; round += 1) {
    if (round % 2 === 0) {
      untracedRuns.push(await measure(servers.untraced));
      tracedRuns.push(await measure(servers.traced));
    } else {
      tracedRuns.push(await measure(servers.traced));
      untracedRuns.push(await measure(servers.untraced));
    }
  }
  const roundRatios = tracedRuns.map((run, round) => run.rps / untracedRuns[round]!.rps);
  const cpuRatios = tracedRuns.map((run, round) => untracedRuns[round]!.cpuMsPerRequest / run.cpuMsPerRequest);
  const cpuMs = (runs: readonly Round[]) => medianBy(runs, (run) => run.cpuMsPerRequest)!.cpuMsPerRequest;
  return {
    mode,
    path: pagePath,
    untraced: middle(untracedRuns),
    traced: middle(tracedRuns),
    exportedBytes: sink.bytes() - before,
    roundRatios,
    ratio: medianBy(roundRatios, (ratio) => ratio)!,
    cpuRatio: medianBy(cpuRatios, (ratio) => ratio)!,
    cpuMsPerRequest: { untraced: cpuMs(untracedRuns), traced: cpuMs(tracedRuns) },
    connections: options.connections[mode],
    failures: { untraced: failuresOf(untracedRuns), traced: failuresOf(tracedRuns) },
  };
}
