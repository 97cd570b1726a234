import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ROOT_DIR } from '../../server/platform/paths.ts';

/** The command of the Procfile's `web` process, as a platform runs it (`sh -c`). */
export function procfileWebCommand(): string {
  const line = readFileSync(path.join(ROOT_DIR, 'Procfile'), 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('web: '));
  if (line === undefined) throw new Error('the Procfile has no web process');
  return line.slice('web: '.length);
}

/** The exit status a `node` found on PATH ends with: a command that ran it is caught. */
export const SYSTEM_NODE_STATUS = 97;

/**
 * A PATH on which `node` is not the project's (decision 001): a directory whose `node` says so
 * and fails, then the system's directories (where a host's older Node may be). A command that
 * names no Node of its own fails with SYSTEM_NODE_STATUS.
 */
export async function pathWithFailingSystemNode(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'system-node-'));
  const node = path.join(dir, 'node');
  await writeFile(node, `#!/bin/sh\necho "the system node was run: $*" >&2\nexit ${SYSTEM_NODE_STATUS}\n`);
  await chmod(node, 0o755);
  return `${dir}:/usr/local/bin:/usr/bin:/bin`;
}

/**
 * Runs the Procfile's web command in `cwd` (the repository, or a checkout without a build) with
 * only `env` and a PATH without the project's Node, in a process group of its own: a platform
 * stops a dyno by signalling every process in it.
 */
export async function runProcfileWeb(cwd: string, env: NodeJS.ProcessEnv): Promise<ChildProcessByStdio<null, Readable, Readable>> {
  return spawn('/bin/sh', ['-c', procfileWebCommand()], {
    cwd,
    env: { PATH: await pathWithFailingSystemNode(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}
