/**
 * `npm run soak`: does the built server stay up and stay the same size? (docs/performance.md, "Soak")
 * 1. 100 000 requests over every page type after a 20 000-request warm-up, half of them asking for
 *    compression, in ten slices, the worker's RSS, heap and event-loop delay sampled after each
 *    (SIGUSR2, server/platform/monitoring/processMetrics.ts). Target: RSS growth ≤ 10 %. The
 *    warm-up lets V8 size its heap for this load: a leak is growth that goes on slice after slice.
 * 2. The content service killed (SIGKILL) under load: the pages already rendered keep answering 200.
 * 3. One of two workers killed under load: requests keep succeeding, the primary starts a replacement.
 * `npm run soak -- --hostile` runs scripts/soak/hostile.ts instead.
 * Environment: SOAK_REQUESTS (100000), SOAK_WARMUP (20000), SOAK_CONNECTIONS (32), SOAK_MAX_SECONDS
 * for phase 1 (900), SOAK_FAULT_SECONDS per fault run (12), SOAK_SKIP_BUILD=1 to use dist/ as it is.
 * Writes test-results/soak.json; exit code 1 when a target is missed.
 */
import { buildUnlessSkipped } from './report.ts';

buildUnlessSkipped('SOAK_SKIP_BUILD');
await import(process.argv.includes('--hostile') ? './soak/hostile.ts' : './soak/classic.ts');
