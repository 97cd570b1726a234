/**
 * `npm run bench`: builds, starts the production server, and measures each page with autocannon
 * side by side with a bare `node:http` server that returns the same HTML bytes from memory — the
 * ceiling of this runtime on this machine — reporting requests/s and p50/p99 and the ratio.
 *
 * Options (environment): BENCH_DURATION seconds per run (default 10), BENCH_CONNECTIONS (50),
 * BENCH_PATHS comma-separated pages (default "/,/about/").
 * Load goes only to 127.0.0.1 and every run is bounded in time.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { startServer } from '../tests/support/startServer.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const paths = (process.env.BENCH_PATHS ?? '/,/about/').split(',');

interface Figures { rps: number; p50: number; p99: number; errors: number; non2xx: number }

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The same bytes and headers a browser would get, served from memory with no work at all. */
async function startBaseline(pages: Map<string, { body: Buffer; type: string }>) {
  const server = createServer((req, res) => {
    const page = pages.get(req.url ?? '/');
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': page.type, 'Content-Length': page.body.length });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('baseline did not start');
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

execFileSync(process.execPath, ['esbuild.config.ts'], { stdio: 'inherit' });
const site = await startServer({ LOG_LEVEL: 'silent' });
const pages = new Map<string, { body: Buffer; type: string }>();
for (const path of paths) {
  const response = await fetch(`${site.url}${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  pages.set(path, { body: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') ?? 'text/html' });
}
const baseline = await startBaseline(pages);

const rows: string[] = [];
for (const path of paths) {
  await measure(`${site.url}${path}`); // warm-up: JIT and caches, not reported
  const server = await measure(`${site.url}${path}`);
  const bare = await measure(`${baseline.url}${path}`);
  rows.push(
    `| ${path} | ${(pages.get(path)?.body.length ?? 0) / 1024 | 0} KB | ${server.rps.toFixed(0)} | ${server.p50} / ${server.p99} | ${bare.rps.toFixed(0)} | ${bare.p50} / ${bare.p99} | ${(server.rps / bare.rps).toFixed(3)} | ${server.errors + server.non2xx} |`,
  );
}
await baseline.close();
await site.stop();

console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log(`autocannon: ${connections} connections, ${duration} s per run, uncompressed\n`);
console.log('| page | HTML | site req/s | site p50 / p99 ms | bare req/s | bare p50 / p99 ms | ratio | errors |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
