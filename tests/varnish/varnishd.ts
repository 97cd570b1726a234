import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../../server/paths.ts';
import { freePort } from '../support/startServer.ts';

export const VARNISHD = '/usr/sbin/varnishd';
export const hasVarnish = existsSync(VARNISHD);

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
 * `stop` kills it and removes the directory; a test calls it in `afterAll`.
 */
export async function startVarnish(vcl: string, listenPort?: number): Promise<RunningVarnish> {
  const dir = await mkdtemp(path.join(tmpdir(), 'varnish-test-'));
  await chmod(dir, 0o755);
  const vclFile = path.join(dir, 'site.vcl');
  await writeFile(vclFile, vcl);
  const port = listenPort ?? (await freePort());
  const child: ChildProcess = spawn(
    VARNISHD,
    ['-F', '-n', path.join(dir, 'work'), '-a', `127.0.0.1:${port}`, '-f', vclFile, '-s', 'malloc,128m', '-T', 'none', '-j', 'none'],
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
