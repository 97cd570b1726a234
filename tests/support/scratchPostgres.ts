import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { freePort } from './startServer.ts';

const run = promisify(execFile);
const SCRIPT = path.join(ROOT_DIR, 'scripts', 'scratch-postgres.sh');
/** scripts/scratch-postgres.sh's status when there are no PostgreSQL server binaries. */
const NO_BINARIES = 3;

/** A PostgreSQL of the test's own, which it may stop and start (never the shared "15 main"). */
export interface ScratchPostgres {
  /** Connection URL (loopback, trust authentication). */
  readonly url: string;
  /** Fast shutdown: open connections are cut, new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * Initialises and starts a throwaway cluster on a free port (scripts/scratch-postgres.sh; as
 * root, the server runs as the postgres user). `undefined` when this machine has no PostgreSQL
 * server binaries; CI installs them (scripts/ci-postgres.sh), so there it never is.
 */
export async function createScratchPostgres(): Promise<ScratchPostgres | undefined> {
  const parent = await mkdtemp(path.join(tmpdir(), 'scratch-postgres-'));
  // The server's own user must reach the cluster's folder inside.
  await chmod(parent, 0o755);
  const dir = path.join(parent, 'cluster');
  const script = (...args: string[]) => run('bash', [SCRIPT, ...args], { timeout: 120_000 });
  let url: string;
  try {
    url = (await script('create', dir, String(await freePort()))).stdout.trim();
  } catch (error) {
    await rm(parent, { recursive: true, force: true });
    if ((error as { code?: unknown }).code === NO_BINARIES) return undefined;
    throw error;
  }
  return {
    url,
    stop: async () => void (await script('stop', dir)),
    start: async () => void (await script('start', dir)),
    async remove() {
      await script('remove', dir);
      await rm(parent, { recursive: true, force: true });
    },
  };
}
