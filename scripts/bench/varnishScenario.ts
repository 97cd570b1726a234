import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort, startServer } from '../../tests/support/startServer.ts';
import { startVarnish, TEST_PURGE_SECRET, vclFor } from '../../tests/varnish/varnishd.ts';
import { BENCH_SECRETS, cacheMetrics, revalidate, sitemapPaths } from './scenarios.ts';
import { MIX_SCRIPT, wrk, wrkScript } from './wrk.ts';

const run = promisify(execFile);

/** Varnish's counters (`varnishstat -1 -j`): client requests and fetches from the instance. */
async function varnishCounters(workDir: string): Promise<{ client: number; backend: number }> {
  const { stdout } = await run('varnishstat', ['-n', workDir, '-1', '-j']);
  const stats = JSON.parse(stdout) as { counters?: Record<string, { value: number }> } & Record<string, { value: number }>;
  const counters = stats.counters ?? stats;
  return { client: counters['MAIN.client_req']?.value ?? Number.NaN, backend: counters['MAIN.backend_req']?.value ?? Number.NaN };
}

/**
 * The site behind the repository's VCL (docs/varnish/site.vcl, decision 027): wrk's 200
 * connections on one page while its tag is purged every half second, against one instance
 * render per purge; then every sitemap URL crawled and a load mix over them, against 98 % of
 * the requests answered by Varnish (`clientRequests`, `backendRequests`).
 */
export async function varnishScenario(options: { durationSeconds: number }) {
  const port = await freePort();
  const instance = await startServer({
    LOG_LEVEL: 'silent',
    PAGE_CACHE_MAX_MB: '64',
    REVALIDATE_SECRET: BENCH_SECRETS.revalidateSecret,
    METRICS_TOKEN: BENCH_SECRETS.metricsToken,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    VARNISH_URLS: `http://127.0.0.1:${port}`,
    VARNISH_PURGE_SECRET: TEST_PURGE_SECRET,
  });
  const varnish = await startVarnish(await vclFor([{ host: '127.0.0.1', port: instance.port }]), port);
  try {
    const site = { url: instance.url, ...BENCH_SECRETS };
    const page = '/blog/';
    await (await fetch(`${varnish.url}${page}`)).arrayBuffer();

    // ---- Purges under load: each lets one request through to the instance.
    const purges = 20;
    const before = await cacheMetrics(site);
    const loaded = wrk(`${varnish.url}${page}`, { connections: 200, durationSeconds: Math.max(options.durationSeconds, 12) });
    await sleep(500);
    for (let index = 0; index < purges; index += 1) {
      await revalidate(site, { tags: ['articles'] });
      await sleep(500);
    }
    const purgeLoad = await loaded;
    const rendersDuringPurges = (await cacheMetrics(site)).renders - before.renders;

    // ---- A crawl, then a mix over every sitemap URL.
    const paths = await sitemapPaths(varnish.url);
    const counted = await varnishCounters(varnish.workDir);
    for (const path of paths) await (await fetch(`${varnish.url}${path}`)).arrayBuffer();
    const script = await wrkScript('varnish-mix.lua', paths, MIX_SCRIPT);
    const mixLoad = await wrk(varnish.url, { connections: 50, durationSeconds: options.durationSeconds, script });
    const after = await varnishCounters(varnish.workDir);
    return {
      purgeLoad,
      purges,
      rendersDuringPurges,
      mixLoad,
      clientRequests: after.client - counted.client,
      backendRequests: after.backend - counted.backend,
    };
  } finally {
    await varnish.stop();
    await instance.stop();
  }
}
