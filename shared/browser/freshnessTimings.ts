/** §9 "Build check every 3,600,000 ms; reload guard 10,000 ms". */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
export const RELOAD_GUARD_MS = 10_000;

/** Session-storage key holding the time of the last forced reload (§8: the guard's window). */
export const RELOAD_GUARD_KEY = 'build-reload-at';
