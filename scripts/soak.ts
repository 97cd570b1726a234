/**
 * `npm run soak`: does the built server stay up and stay the same size?
 *
 * 1. Soak: 100 000 requests (after a 20 000-request warm-up) over every page type, half of
 *    them asking for compression, in ten slices; after each slice the worker logs its RSS,
 *    heap and the event-loop delay of that slice (SIGUSR2, server/platform/monitoring/processMetrics.ts).
 *    Target: RSS growth from the first to the last sample ≤ 10 %. The warm-up is long enough
 *    for V8 to size its heap for this load: after 10 000 requests RSS still took one step of
 *    about 50 MiB in the first slice and then stayed flat, which is the process reaching its
 *    working size, not a leak; a leak is growth that goes on slice after slice.
 * 2. Content outage: the site pointed at a separate content service (`npm run content-api`)
 *    renders every page once, then the service is killed (SIGKILL) in the middle of a load
 *    run: the pages already rendered must keep answering 200.
 * 3. Worker crash: WEB_CONCURRENCY=2 under load, one worker killed with SIGKILL: requests keep
 *    succeeding on the other, and the primary starts a replacement.
 *
 * `npm run soak -- --hostile` runs the hostile soak instead (scripts/soak/hostile.ts): 60 s at 50
 * connections, half of them hostile traffic, half real page views.
 *
 * Loopback only, every load run bounded in time. Environment: SOAK_REQUESTS (100000),
 * SOAK_WARMUP (20000), SOAK_CONNECTIONS (32), SOAK_MAX_SECONDS for phase 1 (900),
 * SOAK_FAULT_SECONDS per fault run (12), SOAK_SKIP_BUILD=1 to use dist/ as it is.
 * Writes test-results/soak.json; exit code 1 when a target is missed.
 */
import { execFileSync } from 'node:child_process';
import { ROOT_DIR } from '../server/platform/paths.ts';

if (process.env.SOAK_SKIP_BUILD !== '1') execFileSync(process.execPath, ['esbuild.config.ts'], { cwd: ROOT_DIR, stdio: 'inherit' });

if (process.argv.includes('--hostile')) await import('./soak/hostile.ts');
else await import('./soak/classic.ts');
