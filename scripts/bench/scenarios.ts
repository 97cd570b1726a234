import { setTimeout as sleep } from 'node:timers/promises';
import { signedRevalidation } from '../../tests/support/signedRevalidation.ts';
import { medianBy } from '../median.ts';
import { MIX_SCRIPT, wrk, wrkScript, type Figures } from './wrk.ts';

/**
 * The page cache's two hostile scenarios (docs/decisions/018-…), against a production server
 * started with the page cache on, REVALIDATE_SECRET and METRICS_TOKEN:
 * - revalidation storm: wrk loads a mix of pages (every path in turn) while `{"all": true}` is
 *   posted every second, in rounds that each compare it with the same mix without the storm just
 *   before (p99, errors; the median ratio of the rounds), and with the renders the metrics
 *   counted, against one render per page per coalescing window;
 * - cache-key flood: wrk sends random letter-case, dot-segment and declared-parameter variants
 *   of the pages; the renders counted and the cache's bytes before and after say whether any
 *   variant cost a render or an entry.
 */

export interface ScenarioSite {
  readonly url: string;
  readonly revalidateSecret: string;
  readonly metricsToken: string;
}

/** The secrets the bench's servers start with (REVALIDATE_SECRET, METRICS_TOKEN). */
export const BENCH_SECRETS = { revalidateSecret: 'bench-revalidate-secret-0123456789', metricsToken: 'bench-metrics-token-0123456789' };

/** Posts `body` to /api/revalidate, signed as a CMS's publish webhook is. */
export async function revalidate(site: ScenarioSite, body: unknown): Promise<void> {
  await (await fetch(`${site.url}/api/revalidate`, { method: 'POST', ...signedRevalidation(body, site.revalidateSecret) })).arrayBuffer();
}

const FLOOD_SCRIPT = `math.randomseed(os.time())
request = function()
  local p = paths[math.random(#paths)]
  local kind = math.random(4)
  if kind == 1 then
    p = p:gsub("%a", function(c) if math.random(2) == 1 then return c:upper() end return c end)
  elseif kind == 2 then
    p = p .. "qq" .. math.random(1000000) .. "/%2e%2e/"
  elseif kind == 3 then
    p = "/blog/?page=" .. math.random(1000000000) .. "x"
  else
    p = "/request/?serviceType=" .. math.random(1000000000)
  end
  return wrk.format(nil, p)
end
`;

/** Renders so far and bytes held by the page cache, from /metrics. */
export async function cacheMetrics(site: ScenarioSite): Promise<{ renders: number; cacheBytes: number }> {
  const text = await (await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${site.metricsToken}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name} ([\\d.e+]+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { renders: value('ssr_render_duration_seconds_count'), cacheBytes: value('page_cache_bytes') };
}

/** Waits until /readyz says the page cache is warm. */
export async function waitForWarmCache(url: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await (await fetch(`${url}/readyz`)).json()) as { checks?: Record<string, string> };
    if (body.checks?.pageCache === 'ok') return;
    if (Date.now() > deadline) throw new Error('the page cache did not warm up');
    await sleep(500);
  }
}

/**
 * Brings the cache back to calm after a storm: once the coalescing window is over, every page is
 * asked for once, so that what the last revalidation left stale is refreshed now, and the renders
 * counted must stop growing — else the next calm run would measure those refreshes. Bounded, like
 * every step of the bench: a cache that never settles is an error.
 */
async function settle(site: ScenarioSite, paths: readonly string[], coalesceMs: number): Promise<void> {
  await sleep(coalesceMs);
  for (const pagePath of paths) await (await fetch(`${site.url}${pagePath}`)).arrayBuffer();
  const deadline = Date.now() + 60_000;
  for (let renders = Number.NaN; Date.now() < deadline;) {
    await sleep(500);
    const now = (await cacheMetrics(site)).renders;
    if (now === renders) return;
    renders = now;
  }
  throw new Error('the page cache kept rendering a minute after the storm');
}

/** The pages in the sitemap of the site at `url`. */
export async function sitemapPaths(url: string): Promise<string[]> {
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
}

/**
 * Calm/storm rounds; `medianRatio`, the median of the rounds' storm p99 / calm p99 (a single pair
 * varies too much to judge); `rendersAllowed`, one render per page per coalescing window.
 */
export async function revalidationStorm(
  site: ScenarioSite,
  paths: readonly string[],
  options: { connections: number; durationSeconds: number; coalesceMs: number; rounds: number },
) {
  const load = { ...options, script: await wrkScript('mix.lua', paths, MIX_SCRIPT) };
  await wrk(`${site.url}/`, load); // warm-up of the mix, not reported
  let revalidations = 0;
  let renders = 0;
  const rounds: { calm: Figures; storm: Figures }[] = [];
  // Calm and storm alternate: back-to-back calm runs alone differ up to fourfold in p99 on this
  // machine, so the ratio is judged by its median over the rounds, each storm against the calm
  // run just before it.
  for (let round = 0; round < options.rounds; round += 1) {
    const calm = await wrk(`${site.url}/`, load);
    const before = await cacheMetrics(site);
    const storm = setInterval(() => {
      revalidations += 1;
      void revalidate(site, { all: true });
    }, 1000);
    try {
      rounds.push({ calm, storm: await wrk(`${site.url}/`, load) });
    } finally {
      clearInterval(storm);
    }
    renders += (await cacheMetrics(site)).renders - before.renders;
    await settle(site, paths, options.coalesceMs);
  }
  const windows = Math.ceil((options.durationSeconds * 1000) / options.coalesceMs) + 1;
  const ratios = rounds.map(({ calm, storm }) => storm.p99 / calm.p99);
  return {
    rounds,
    medianRatio: medianBy(ratios, (ratio) => ratio) ?? Number.NaN,
    revalidations,
    renders,
    rendersAllowed: paths.length * windows * options.rounds,
  };
}

export async function cacheKeyFlood(
  site: ScenarioSite,
  paths: readonly string[],
  options: { connections: number; durationSeconds: number },
) {
  const script = await wrkScript('flood.lua', paths, FLOOD_SCRIPT);
  const before = await cacheMetrics(site);
  // Every answer is a 301 or a 404 by design: no status counts as an error, only socket errors do.
  const figures = await wrk(`${site.url}/`, { ...options, expectedStatus: 404, script });
  const after = await cacheMetrics(site);
  return {
    flood: figures,
    renders: after.renders - before.renders,
    cacheBytesBefore: before.cacheBytes,
    cacheBytesAfter: after.cacheBytes,
  };
}
