import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { freePort } from '../support/startServer.ts';

const execFileAsync = promisify(execFile);

export const VARNISHD = '/usr/sbin/varnishd';
export const hasVarnish = existsSync(VARNISHD);

/** Where docs/varnish/site.vcl reads the purge secret (decision 034); a test's own file replaces it. */
export const PURGE_SECRET_FILE = '/etc/varnish/purge-secret';
/** The secret a started varnishd checks unless told another: give it to the instances as VARNISH_PURGE_SECRET. */
export const TEST_PURGE_SECRET = 'varnish-test-purge-secret-0123456789';

export interface RunningVarnish {
  readonly url: string;
  readonly port: number;
  /** The `-n` work directory: `varnishstat -n` reads its counters. */
  readonly workDir: string;
  stop(): Promise<void>;
}

/** The repository's VCL with its backends block written for these instances (a faster probe, for the test's clock). */
export async function vclFor(backends: readonly { host: string; port: number }[]): Promise<string> {
  const vcl = await readFile(path.join(ROOT_DIR, 'docs/varnish/site.vcl'), 'utf8');
  const start = vcl.indexOf('# BEGIN BACKENDS');
  const end = vcl.indexOf('# END BACKENDS');
  if (start === -1 || end === -1) throw new Error('docs/varnish/site.vcl has no BEGIN/END BACKENDS block');
  const block = [
    'probe readiness {',
    '    .url = "/readyz";',
    '    .expected_response = 200;',
    '    .interval = 500ms;',
    '    .timeout = 2s;',
    '    .window = 3;',
    '    .threshold = 2;',
    '    .initial = 2;',
    '}',
    ...backends.map(
      ({ host, port }, index) =>
        `backend instance${index + 1} { .host = "${host}"; .port = "${port}"; .probe = readiness; .first_byte_timeout = 30s; }`,
    ),
    'sub vcl_init {',
    '    new site = directors.round_robin();',
    ...backends.map((_, index) => `    site.add_backend(instance${index + 1});`),
    '}',
  ].join('\n');
  return `${vcl.slice(0, start)}${block}\n${vcl.slice(end)}`;
}

/**
 * `varnishd` in the foreground (`-F`) on a free loopback port, with a work directory of its own
 * (`-n`), no management port and no privilege separation (`-j none`: a test's temporary files).
 * The VCL reads `purgeSecret` from a file in that directory, as a deploy writes /etc/varnish/purge-secret.
 * `stop` kills it and removes the directory; a test calls it in `afterAll`.
 */
export async function startVarnish(
  vcl: string,
  listenPort?: number,
  { purgeSecret = TEST_PURGE_SECRET }: { purgeSecret?: string } = {},
): Promise<RunningVarnish> {
  const dir = await mkdtemp(path.join(tmpdir(), 'varnish-test-'));
  await chmod(dir, 0o755);
  const secretFile = path.join(dir, 'purge-secret');
  await writeFile(secretFile, `${purgeSecret}\n`);
  const vclFile = path.join(dir, 'site.vcl');
  await writeFile(vclFile, vcl.replaceAll(`"${PURGE_SECRET_FILE}"`, JSON.stringify(secretFile)));
  const port = listenPort ?? (await freePort());
  const child: ChildProcess = spawn(
    VARNISHD,
    // Idle backend connections are dropped before the instances' 5 s keep-alive closes them (docs/deploy.md).
    [
      ...['-F', '-n', path.join(dir, 'work'), '-a', `127.0.0.1:${port}`, '-f', vclFile, '-s', 'malloc,128m', '-T', 'none', '-j', 'none'],
      ...['-p', 'backend_idle_timeout=4'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited:\n${output}`);
    }
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port, workDir: path.join(dir, 'work'), stop };
}

/** What Varnish decided to keep a fetched copy for, in seconds (the last `TTL VCL` record of its fetch). */
export interface StoredLifetime {
  readonly ttl: number;
  readonly grace: number;
  readonly keep: number;
}

/**
 * The lifetime vcl_backend_response gave the copy fetched for `url`, read from Varnish's shared
 * memory log (`varnishlog -d`: the records so far, then exit), the last fetch of that URL.
 */
export async function storedLifetime(workDir: string, url: string): Promise<StoredLifetime | undefined> {
  const { stdout } = await execFileAsync('varnishlog', ['-n', workDir, '-d', '-g', 'request', '-q', `ReqURL eq "${url}"`, '-i', 'TTL']);
  const records = [...stdout.matchAll(/\bTTL\s+VCL\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)/g)];
  const last = records.at(-1);
  return last === undefined ? undefined : { ttl: Number(last[1]), grace: Number(last[2]), keep: Number(last[3]) };
}

export interface ForwardingProxy {
  readonly url: string;
  /** Each forwarded request's method and the status Varnish answered it with, in order. */
  readonly answers: { method: string; status: number }[];
  close(): Promise<void>;
}

/**
 * A TLS terminator's or load balancer's forwarding as Varnish sees it: every request, whoever
 * sent it, arrives from 127.0.0.1 (an address the VCL's `purgers` ACL allows), headers as sent.
 */
export async function startForwardingProxy(targetUrl: string): Promise<ForwardingProxy> {
  const target = new URL(targetUrl);
  const answers: { method: string; status: number }[] = [];
  const server = createServer((req, res) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        answers.push({ method: req.method ?? '', status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
