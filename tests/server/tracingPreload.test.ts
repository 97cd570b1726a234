import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/paths.ts';
import { freshPostgresSchema, testPostgresUrl } from '../support/postgres.ts';
import { freePort } from '../support/startServer.ts';

// The production build as the Procfile starts it (`--import ./dist/server/telemetry.js`): the
// bundle must leave pg and http where OpenTelemetry's loader hook instruments them.

interface ExportedSpan {
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
}

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An OTLP/HTTP collector (JSON encoding) that keeps every span it is sent. */
async function startCollector(): Promise<{ url: string; spans: ExportedSpan[] }> {
  const spans: ExportedSpan[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      const payload = JSON.parse(body) as { resourceSpans?: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
      for (const resource of payload.resourceSpans ?? []) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans };
}

async function startTracedServer(env: NodeJS.ProcessEnv): Promise<string> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', path.join(ROOT_DIR, 'dist/server/telemetry.js'), path.join(ROOT_DIR, 'dist/server/index.js')],
    {
      cwd: ROOT_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PAGE_CACHE_WARM_UP: '0',
        IMAGE_PREGENERATE: '0',
        ...env,
      },
      stdio: 'ignore',
    },
  );
  cleanups.push(() => void child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  // Generous: the machine is shared by several test runs.
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error('the server exited');
    if (
      await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

test('the built server started with the tracing preload traces requests, their loaders and their database queries', async () => {
  const baseUrl = await testPostgresUrl();
  expect(baseUrl, 'PostgreSQL for the tests (TEST_DATABASE_URL)').toBeDefined();
  const schema = await freshPostgresSchema(baseUrl!);
  cleanups.push(() => schema.drop());
  const collector = await startCollector();
  const site = await startTracedServer({
    DATABASE_URL: schema.url,
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const page = await fetch(`${site}/contacts/`, { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
  expect(page.status).toBe(200);
  const lead = await fetch(`${site}/api/forms/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify({ email: 'ivan@example.ru', consent: true, _fillMs: 5000 }),
  });
  expect(lead.status).toBe(201);

  const byName = (name: string) => collector.spans.filter((span) => span.name === name);
  for (let attempt = 0; attempt < 100 && (byName('GET contacts').length === 0 || byName('POST forms').length === 0); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [pageSpan] = byName('GET contacts');
  expect(pageSpan).toMatchObject({ traceId, parentSpanId: 'b7ad6b7169203331' });
  expect(byName('loader contacts')).toEqual([expect.objectContaining({ traceId, parentSpanId: pageSpan!.spanId })]);
  const [postSpan] = byName('POST forms');
  expect(postSpan).toBeDefined();
  const queries = collector.spans.filter((span) => span.traceId === postSpan!.traceId && span.name.startsWith('pg.query:INSERT'));
  expect(queries.length).toBeGreaterThan(0);
});
