import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROBLEM_TEXTS, STORE_RETRY_AFTER_SECONDS } from '../../server/features/leads/forms/problems.ts';
import { createScratchPostgres, type ScratchPostgres } from '../support/scratchPostgres.ts';
import { logLines } from '../support/serverLog.ts';
import { startServer, type RunningServer } from '../support/startServer.ts';
import { healthyInVarnish, until } from './probeHealth.ts';
import { hasVarnish, startVarnish, vclFor, type RunningVarnish } from './varnishd.ts';

// Decision 035: the probe asks "can this instance render pages?". With PostgreSQL stopped under
// two instances behind a real varnishd, Varnish keeps both in its pool: an uncached page is
// rendered (200) and a form post gets the site's own JSON 503 with Retry-After, not Varnish's
// "Backend fetch failed". The cluster is the test's own (it is stopped); without PostgreSQL
// server binaries or varnishd the test shows as skipped.

const cluster: ScratchPostgres | undefined = hasVarnish ? await createScratchPostgres() : undefined;
let varnish: RunningVarnish | undefined;
let instances: RunningServer[] = [];

beforeAll(async () => {
  if (cluster === undefined) return;
  const env = { DATABASE_URL: cluster.url, FORMS_MIN_FILL_SECONDS: '0', FORMS_RATE_LIMIT: '100000' };
  instances = await Promise.all([startServer(env), startServer(env)]);
  varnish = await startVarnish(await vclFor(instances.map((instance) => ({ host: '127.0.0.1', port: instance.port }))));
}, 180_000);

afterAll(async () => {
  await varnish?.stop();
  for (const instance of instances) await instance.stop('SIGKILL');
  await cluster?.remove();
});

/** The probes an instance has answered so far (its access lines for `/readyz`), with their statuses. */
const probes = (instance: RunningServer) =>
  logLines(instance.output())
    .map((line) => String(line.msg))
    .filter((msg) => msg.startsWith('GET /readyz '));

const post = (body: unknown) =>
  fetch(`${varnish!.url}/api/forms/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });

test.skipIf(cluster === undefined)(
  'PostgreSQL stopped: Varnish keeps both instances, an uncached page is rendered and a form post gets the site’s JSON 503 with Retry-After',
  async () => {
    const healthy = async () =>
      (await healthyInVarnish(varnish!.workDir, 'instance1')) && (await healthyInVarnish(varnish!.workDir, 'instance2'));
    await until(healthy);

    await cluster!.stop();
    for (const instance of instances) {
      // The instance saw the outage, then Varnish probed it a full window more (3 probes).
      await until(() => instance.output().includes('leads database unreachable'));
      const seen = probes(instance).length;
      await until(() => probes(instance).length >= seen + 3);
    }
    expect(await healthy()).toBe(true);
    for (const instance of instances) expect(probes(instance).at(-1)).toMatch(/^GET \/readyz 200/);

    for (const path of ['/about/?outage=1', '/contacts/?outage=2']) {
      const page = await fetch(`${varnish!.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(await page.text()).toContain('</html>');
    }
    const lead = { name: 'Во время отключения', phone: '+7 912 345-67-89', email: 'outage@example.ru', consent: true, _fillMs: 5000 };
    const refused = await post(lead);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_SECONDS));
    expect(await refused.json()).toEqual({ error: PROBLEM_TEXTS[503] });
  },
  300_000,
);
