import { BUILD_INFO_PATH } from '../../shared/routes/serverMounts.ts';
import { BUILD_CHECK_INTERVAL_MS } from '../../shared/browser/freshnessTimings.ts';

export interface BuildCheckOptions {
  /** The build this tab runs. */
  readonly currentId: string;
  /** `GET /builds/latest.json?timestamp=…` → its `id` (§7). */
  readonly fetchLatestId: () => Promise<string | undefined>;
  readonly onNewBuild: (latestId: string) => void;
  readonly now?: () => number;
  readonly intervalMs?: number;
}

/** §4/§7 hourly build check, also when a tab becomes visible; stops once a newer build is seen. */
export function startBuildCheck(options: BuildCheckOptions) {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? BUILD_CHECK_INTERVAL_MS;
  let lastCheck = now();
  let stopped = false;

  const check = async () => {
    if (stopped) return;
    lastCheck = now();
    let latest: string | undefined;
    try {
      latest = await options.fetchLatestId();
    } catch {
      return; // offline or the server is restarting: try again at the next interval
    }
    if (!stopped && latest !== undefined && latest !== options.currentId) {
      stopped = true;
      clearInterval(timer);
      options.onNewBuild(latest);
    }
  };
  const timer = setInterval(() => void check(), intervalMs);

  return {
    check,
    /** Checks now if the last check is at least one interval old (the tab became visible). */
    async checkIfDue() {
      if (now() - lastCheck >= intervalMs) await check();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/** Reads `{ id }` from the build endpoint; the timestamp only defeats caches (§7). */
export async function fetchLatestBuildId(now: number = Date.now()): Promise<string | undefined> {
  const response = await fetch(`${BUILD_INFO_PATH}?timestamp=${now}`, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) return undefined;
  const body: unknown = await response.json();
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
