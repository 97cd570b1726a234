import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { leadsDataDir } from '../forms/fixtures.ts';
import type { CapturedLogs } from '../support/captureLogs.ts';
import { createTestApp } from '../support/testApp.ts';
import { hostileBody, hostileHeaders, hostilePath, hostileQuery, MARK, POLLUTED, postTarget, type HostileBody } from './arbitraries.ts';
import { FUZZ_RUNS, FUZZ_SEED, propertyTimeoutMs } from './settings.ts';

// Properties of the real app under generated hostile traffic (docs/security.md): never a 5xx,
// never a Location that leaves the site, never input echoed unescaped into HTML, no prototype
// pollution, no error logged, and no answer costing more than a second of the server's CPU (a
// generous ceiling on any machine, however loaded, not a measurement). `npm test` runs a fixed seed; `npm run fuzz` runs long.

const BASE = 'https://verf.test';
/** Pages the header property asks for, rendered once before the properties run. */
const PAGES = [
  '/',
  '/blog/',
  '/blog/razrabotka/',
  '/services/prodvizhenie/seo/',
  '/request/',
  '/contacts/',
  '/nope/',
  '/api/content/redirects',
  '/_ipx/w_320/images/missing.png',
  '/sitemap.xml',
  '/readyz',
];
const WARM_UP = [...PAGES, '/about/', '/projects/', '/career/'];
/**
 * What one answer may cost in CPU time of the thread that serves it (the app runs in this test's
 * thread). CPU time, not wall time: a loaded machine makes answers wait, not work more, and the
 * defect this looks for — one request that burns the server's CPU — shows in either.
 */
const ANSWER_CPU_CEILING_MS = 1000;

let data: Awaited<ReturnType<typeof leadsDataDir>>;
let server: Server;
let logs: CapturedLogs;

beforeAll(async () => {
  data = await leadsDataDir();
  const site = await createTestApp({
    LEADS_DATA_DIR: data.dir,
    PUBLIC_BASE_URL: BASE,
    FORMS_RATE_LIMIT: '1000000',
    FORMS_MIN_FILL_SECONDS: '0',
    // A forged X-Forwarded-For is parsed as a proxy's, the widest surface.
    TRUST_PROXY: '1',
    // The page cache is on, as in production: unknown query parameters share their page's entry
    // (shared/routes/queryParams.ts), so generated query strings cost no render of their own.
  });
  logs = site.logs;
  server = createServer(site.app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  // Warm up: the first render of each kind of page compiles code paths; the ceiling is for answers.
  for (const path of WARM_UP) await request(server).get(path);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await data.cleanup();
});

/** The body as bytes, whatever its type (supertest would parse JSON and choke on a HEAD). */
const rawBody = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
  stream.on('error', (error: Error) => done(error, Buffer.alloc(0)));
};

/** A Location a browser would follow to another origin (or could be read so). */
function leavesSite(location: string): boolean {
  if (/[\s\p{Cc}]/u.test(location) || location.startsWith('//') || location.startsWith('/\\')) return true;
  try {
    return new URL(location, `${BASE}/some/page/`).origin !== BASE;
  } catch {
    return true;
  }
}

interface Answer {
  readonly response: Response;
  /** CPU time of this thread while it was answered (the server shares the thread). */
  readonly cpuMs: number;
  /** Log lines written while it was answered. */
  readonly logged: readonly Record<string, unknown>[];
}

async function timed(send: () => request.Test): Promise<Answer> {
  const firstLine = logs.lines.length;
  const started = process.threadCpuUsage();
  const response = await send().buffer(true).parse(rawBody);
  const spent = process.threadCpuUsage(started);
  return { response, cpuMs: (spent.user + spent.system) / 1000, logged: logs.lines.slice(firstLine) };
}

function expectHonestAnswer({ response, cpuMs, logged }: Answer): void {
  expect(response.status, 'a 5xx').toBeLessThan(500);
  expect(cpuMs, 'CPU time of the answer (ms)').toBeLessThan(ANSWER_CPU_CEILING_MS);
  const location = response.headers.location;
  if (location !== undefined) expect(leavesSite(location), `Location ${JSON.stringify(location)}`).toBe(false);
  if (/html/.test(String(response.headers['content-type'] ?? ''))) {
    expect((response.body as Buffer).toString('utf8'), 'input echoed unescaped').not.toContain(`<${MARK}`);
  }
  expect(({} as Record<string, unknown>)[POLLUTED], 'Object.prototype polluted').toBeUndefined();
  const errors = logged.filter((line) => Number(line.level) >= 50);
  expect(errors, 'errors logged').toEqual([]);
}

const options = (offset: number) => ({ seed: FUZZ_SEED + offset, numRuns: FUZZ_RUNS, endOnFailure: true });

test(
  'generated paths (Unicode, encoded bytes, dot segments, runs of slashes, very long) get an honest answer',
  { timeout: propertyTimeoutMs() },
  async () => {
    await fc.assert(
      fc.asyncProperty(hostilePath, fc.constantFrom('GET', 'HEAD'), async (path, method) => {
        expectHonestAnswer(await timed(() => (method === 'GET' ? request(server).get(path) : request(server).head(path))));
      }),
      options(0),
    );
  },
);

test(
  'generated query strings and forged headers (Host, X-Forwarded-*, Accept-Encoding, Origin) get an honest answer',
  { timeout: propertyTimeoutMs() },
  async () => {
    const page = fc.constantFrom(...PAGES);
    await fc.assert(
      fc.asyncProperty(page, hostileQuery, hostileHeaders, async (path, query, headers) => {
        expectHonestAnswer(await timed(() => request(server).get(`${path}${query}`).set(headers)));
      }),
      options(1),
    );
  },
);

/** Sends a body as a browser or a bot would, in its encoding. */
function post(target: string, body: HostileBody, origin: string | undefined, accept: string): request.Test {
  let call = request(server).post(target).set('Accept', accept);
  if (origin !== undefined) call = call.set('Origin', origin);
  if (body.kind === 'json') return call.set('Content-Type', 'application/json').send(body.text);
  if (body.kind === 'urlencoded') return call.type('form').send(body.text);
  for (const [name, value] of body.fields) call = call.field(name, value);
  for (const file of body.files) call = call.attach(file.field, Buffer.from(file.bytes), { filename: file.name });
  return call;
}

test(
  'generated form bodies (JSON, urlencoded, multipart; deep nesting, huge numbers, __proto__ keys) get an honest answer',
  { timeout: propertyTimeoutMs() },
  async () => {
    const origin = fc.constantFrom(undefined, BASE, 'https://evil.example');
    const accept = fc.constantFrom('application/json', 'text/html', '*/*');
    await fc.assert(
      fc.asyncProperty(postTarget, hostileBody, origin, accept, async (target, body, from, wants) => {
        expectHonestAnswer(await timed(() => post(target, body, from, wants)));
      }),
      options(2),
    );
  },
);

test('the listening port is still this server after the run', async () => {
  const { port } = server.address() as AddressInfo;
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
});
