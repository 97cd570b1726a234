import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { startServer } from '../../tests/support/startServer.ts';
import { medianBy } from '../median.ts';
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

export interface TracingRow {
  readonly mode: 'cached' | 'uncached';
  readonly path: string;
  readonly untraced: Figures;
  readonly traced: Figures;
  readonly exportedBytes: number;
}

/**
 * The same build twice at once, untraced and traced at full sampling (the preload, every span
 * exported to a local sink), measured in alternation `rounds` times per page and mode; the ratio
 * is of the medians (decision 028; targets in docs/performance.md).
 */
export async function compareTracing(options: {
  readonly paths: readonly string[];
  readonly modes: readonly ('cached' | 'uncached')[];
  readonly rounds: number;
  readonly connections: number;
  readonly durationSeconds: number;
}): Promise<TracingRow[]> {
  const rows: TracingRow[] = [];
  const sink = await startSink();
  try {
    for (const mode of options.modes) {
      const env = { LOG_LEVEL: 'silent', PAGE_CACHE_MAX_MB: mode === 'cached' ? '64' : '0', PAGE_CACHE_WARM_UP: '1' };
      const untraced = await startServer(env);
      const traced = await startServer({ ...env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER: 'always_on' }, [
        '--import',
        path.join(ROOT_DIR, 'dist/server/telemetry.js'),
      ]);
      try {
        await Promise.all([waitForWarmCache(untraced.url), waitForWarmCache(traced.url)]);
        for (const pagePath of options.paths) {
          const measure = (base: string) =>
            wrk(`${base}${pagePath}`, {
              connections: options.connections,
              durationSeconds: options.durationSeconds,
              headers: {},
              expectedStatus: 200,
            });
          await measure(untraced.url);
          await measure(traced.url);
          const before = sink.bytes();
          const untracedRuns: Figures[] = [];
          const tracedRuns: Figures[] = [];
          // ABBA: each side goes first in every other round, so neither gains from its place in the pair.
          for (let round = 0; round < options.rounds; round += 1) {
            if (round % 2 === 0) {
              untracedRuns.push(await measure(untraced.url));
              tracedRuns.push(await measure(traced.url));
            } else {
              tracedRuns.push(await measure(traced.url));
              untracedRuns.push(await measure(untraced.url));
            }
          }
          rows.push({
            mode,
            path: pagePath,
            untraced: medianBy(untracedRuns, (run) => run.rps)!,
            traced: medianBy(tracedRuns, (run) => run.rps)!,
            exportedBytes: sink.bytes() - before,
          });
        }
      } finally {
        await Promise.all([untraced.stop(), traced.stop()]);
      }
    }
  } finally {
    await sink.close();
  }
  return rows;
}
