import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { freshPostgresSchema, testPostgresUrl } from '../support/postgres.ts';
import { signedRevalidation } from '../support/signedRevalidation.ts';
import { freePort, startServer, type RunningServer } from '../support/startServer.ts';
import { healthyInVarnish, until } from './probeHealth.ts';
import { hasVarnish, startVarnish, TEST_PURGE_SECRET, vclFor, type RunningVarnish } from './varnishd.ts';

// What reaches Varnish from the instances (decision 036), counted in Varnish's own log: a publish
// is one PURGE however many instances hear of it, and two instances restarted on a new build purge
// the older build's copies once between them, after which Varnish serves the new build's HTML.
// "Nothing more will come" is read from the durable queue every purge passes through
// (`cache_purges`): once it is empty, no instance holds a purge to send.

const databaseUrl = await testPostgresUrl();
const runs = hasVarnish && databaseUrl !== undefined;
const SECRET = 'varnish-test-revalidate-secret';
const PAGE = '/about/';

let varnish: RunningVarnish | undefined;
let schema: Awaited<ReturnType<typeof freshPostgresSchema>> | undefined;
let newBuildRoot: string | undefined;
const instances: (RunningServer | undefined)[] = [];
const ports: number[] = [];

const instanceEnv = () => ({
  DATABASE_URL: schema!.url,
  REVALIDATE_SECRET: SECRET,
  VARNISH_URLS: varnish!.url,
  VARNISH_PURGE_SECRET: TEST_PURGE_SECRET,
  PUBLIC_BASE_URL: varnish!.url,
  LOG_LEVEL: 'warn',
});
const startInstance = (index: number, root = ROOT_DIR) => startServer({ ...instanceEnv(), PORT: String(ports[index]) }, [], root);

/** Every PURGE Varnish has received, with the tags it named, from its shared-memory log. */
async function purgesReceived(): Promise<string[]> {
  const { stdout } = await promisify(execFile)('varnishlog', [
    '-n',
    varnish!.workDir,
    '-d',
    '-q',
    'ReqMethod eq "PURGE"',
    '-i',
    'ReqHeader',
  ]);
  return stdout
    .split('\n')
    .map((line) => /ReqHeader\s+xkey-softpurge:(.*)$/i.exec(line)?.[1]?.trim())
    .filter((tags): tags is string => tags !== undefined);
}

/** Purges queued and not yet sent, by any instance. */
async function queuedPurges(): Promise<number> {
  const client = new pg.Client({ connectionString: schema!.url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM cache_purges')).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** The build id a response through Varnish was rendered by, and whether it was Varnish's copy. */
async function servedBuild(): Promise<{ build: string | null; hit: boolean }> {
  const response = await fetch(`${varnish!.url}${PAGE}`);
  await response.arrayBuffer();
  return { build: response.headers.get('x-build-id'), hit: (response.headers.get('x-varnish') ?? '').split(' ').length === 2 };
}

/** A copy of the project whose production build has another id: what a deploy of the next build puts on the host. */
async function copyWithNewBuild(): Promise<{ root: string; buildId: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'next-build-'));
  for (const shared of ['package.json', 'node_modules', 'public', 'server', 'shared']) {
    await symlink(path.join(ROOT_DIR, shared), path.join(root, shared));
  }
  await cp(path.join(ROOT_DIR, 'dist'), path.join(root, 'dist'), { recursive: true });
  const manifestFile = path.join(root, 'dist', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { buildId: string };
  manifest.buildId = `next${manifest.buildId}`.slice(0, manifest.buildId.length);
  await writeFile(manifestFile, JSON.stringify(manifest));
  return { root, buildId: manifest.buildId };
}

async function publish(data: { type: string; id: string }): Promise<void> {
  const response = await fetch(`${instances[0]!.url}/api/revalidate`, { method: 'POST', ...signedRevalidation({ data }, SECRET) });
  expect(response.status).toBe(202);
}

beforeAll(async () => {
  if (!runs) return;
  schema = await freshPostgresSchema(databaseUrl);
  ports.push(await freePort(), await freePort());
  // Varnish first, so the instances are given its address; it probes them until they are up.
  varnish = await startVarnish(await vclFor(ports.map((port) => ({ host: '127.0.0.1', port }))));
  instances.push(...(await Promise.all([startInstance(0), startInstance(1)])));
  await until(
    async () => (await healthyInVarnish(varnish!.workDir, 'instance1')) && (await healthyInVarnish(varnish!.workDir, 'instance2')),
  );
}, 180_000);

afterAll(async () => {
  await varnish?.stop();
  for (const instance of instances) await instance?.stop('SIGKILL');
  await schema?.drop();
  if (newBuildRoot !== undefined) await rm(newBuildRoot, { recursive: true, force: true });
}, 60_000);

test.skipIf(!runs)(
  'one publish is one PURGE from two instances; a restart of both on a new build purges the old build once and Varnish serves the new HTML',
  async () => {
    // The first instances are the first build this database has seen: nothing older to purge.
    await until(async () => (await queuedPurges()) === 0);
    expect(await purgesReceived()).toEqual([]);

    // ---- One publish, heard by both instances (the bus), sent to Varnish once.
    await publish({ type: 'articles', id: 'chek-list-ux-audita' });
    await until(async () => (await purgesReceived()).length > 0 && (await queuedPurges()) === 0);
    const afterPublish = await purgesReceived();
    expect(afterPublish).toHaveLength(1);
    expect(afterPublish[0]).toContain('articles');

    // ---- The page is Varnish's copy of the running build.
    const oldBuild = (await servedBuild()).build;
    expect(oldBuild).not.toBeNull();
    await until(async () => (await servedBuild()).hit);

    // ---- Both instances restarted, one after the other, on the next build.
    const next = await copyWithNewBuild();
    newBuildRoot = next.root;
    for (const index of [0, 1]) {
      expect(await instances[index]!.stop('SIGTERM')).toBe(0);
      instances[index] = await startInstance(index, next.root);
    }
    // Varnish answers with the new build's HTML, with no operator's step.
    await until(async () => {
      const served = await servedBuild();
      return served.build === next.buildId && served.hit;
    });
    await until(async () => (await queuedPurges()) === 0);
    const afterDeploy = (await purgesReceived()).slice(afterPublish.length);
    expect(afterDeploy).toEqual([`build:${oldBuild}`]);
  },
  300_000,
);
