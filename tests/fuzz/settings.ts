/**
 * `npm test` runs each property FUZZ_RUNS times (default 100) from a fixed seed, so a failure is
 * reproducible on any machine; `npm run fuzz` raises the runs and draws a new seed (printed by
 * fast-check with any failure; set FUZZ_SEED to replay it).
 */
const seedSetting = process.env.FUZZ_SEED;
export const FUZZ_SEED = seedSetting === 'random' ? Date.now() % 2 ** 31 : Number(seedSetting ?? 20_261_123);
export const FUZZ_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 100));

/** Generous per-test time: a quarter-second per run, never under a minute. */
export const propertyTimeoutMs = (): number => Math.max(60_000, FUZZ_RUNS * 250);
