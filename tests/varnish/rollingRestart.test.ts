import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshPostgresSchema, testPostgresUrl } from '../support/postgres.ts';
import { freePort, startServer, type RunningServer } from '../support/startServer.ts';
import { healthyInVarnish, until } from './probeHealth.ts';
import { hasVarnish, startVarnish, vclFor, type RunningVarnish } from './varnishd.ts';

// A rolling restart behind the repository's VCL (docs/deploy.md, decision 035): a real varnishd in
// front of two instances of the production build on one PostgreSQL, steady traffic through
// Varnish, and each instance in turn stopped with SIGTERM and started again on its port. The
// instance drains (its probe fails while it still serves), so Varnish takes it out before it
// stops accepting: no request fails. Whether Varnish counts an instance healthy is read from its
// own probe history (`varnishstat`), never guessed from the clock.

const databaseUrl = await testPostgresUrl();
const runs = hasVarnish && databaseUrl !== undefined;
/** Longer than the test probe's 2 failures × 500 ms: Varnish has the instance out before it stops accepting. */
const DRAIN_SECONDS = '3';

let varnish: RunningVarnish | undefined;
let schema: Awaited<ReturnType<typeof freshPostgresSchema>> | undefined;
const instances: (RunningServer | undefined)[] = [];
const ports: number[] = [];

const startInstance = (index: number) =>
  startServer({ PORT: String(ports[index]), DATABASE_URL: schema!.url, SHUTDOWN_DRAIN_SECONDS: DRAIN_SECONDS, LOG_LEVEL: 'warn' });

const healthy = (name: string) => healthyInVarnish(varnish!.workDir, name);

/** Clients asking Varnish one request after another until stopped: what each answered, failures by name. */
function steadyTraffic(clients: number) {
  let running = true;
  const answered: number[] = [];
  const failures: string[] = [];
  // `/healthz` is passed to an instance every time; a page with a query of its own is fetched once.
  const paths = (client: number, i: number) => (i % 2 === 0 ? '/healthz' : `/about/?rolling=${client}-${i}`);
  const loop = async (client: number) => {
    for (let i = 0; running; i += 1) {
      const path = paths(client, i);
      try {
        const response = await fetch(`${varnish!.url}${path}`);
        await response.arrayBuffer();
        answered.push(response.status);
        if (response.status !== 200) failures.push(`${path}: ${response.status}`);
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`);
      }
    }
  };
  const loops = Promise.all(Array.from({ length: clients }, (_, client) => loop(client)));
  return {
    answered,
    failures,
    stop: async () => {
      running = false;
      await loops;
    },
  };
}

beforeAll(async () => {
  if (!runs) return;
  schema = await freshPostgresSchema(databaseUrl);
  ports.push(await freePort(), await freePort());
  instances.push(...(await Promise.all([startInstance(0), startInstance(1)])));
  varnish = await startVarnish(await vclFor(ports.map((port) => ({ host: '127.0.0.1', port }))));
}, 180_000);

afterAll(async () => {
  await varnish?.stop();
  for (const instance of instances) await instance?.stop('SIGKILL');
  await schema?.drop();
});

test.skipIf(!runs)(
  'a rolling restart through Varnish under steady traffic fails no request: each instance drains, exits 0 and comes back',
  async () => {
    await until(async () => (await healthy('instance1')) && (await healthy('instance2')));
    const traffic = steadyTraffic(4);
    try {
      for (const index of [0, 1]) {
        const before = traffic.answered.length;
        // Status 0 only once the stores closed after the drain (server/platform/process/shutdown.ts).
        expect(await instances[index]!.stop('SIGTERM')).toBe(0);
        instances[index] = await startInstance(index);
        await until(() => healthy(`instance${index + 1}`));
        // Traffic went on meanwhile, through the other instance.
        expect(traffic.answered.length).toBeGreaterThan(before);
      }
    } finally {
      await traffic.stop();
    }
    expect(traffic.failures).toEqual([]);
    expect(traffic.answered.length).toBeGreaterThan(0);
  },
  300_000,
);
