import autocannon from 'autocannon';

/** A request unanswered after this long counts as failed. */
const TIMEOUT_SECONDS = 10;

/** An autocannon run over loopback, as the reports print it: sent, latency in ms, answers by status, connection errors and timeouts. */
export async function counted(options: autocannon.Options) {
  return figures(await autocannon({ timeout: TIMEOUT_SECONDS, ...loopback(options) }));
}

/** autocannon's `requests` for a run whose every request is drawn anew by `next`. */
export const drawn = (next: () => autocannon.Request): autocannon.Request[] => [{ setupRequest: (request) => ({ ...request, ...next() }) }];

function figures(result: autocannon.Result) {
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count ?? 0]));
  const { p50, p99 } = result.latency;
  return { sent: result.requests.total, p50, p99, statuses, errors: result.errors + result.timeouts };
}

function loopback<T extends { url: string }>(options: T): T {
  if (!options.url.startsWith('http://127.0.0.1:')) throw new Error(`load goes to loopback only, not ${options.url}`);
  return options;
}

/**
 * One response or failed request, with when it was sent (ms since the epoch): a request is
 * judged by the state of the server when it was sent, not when its timeout fired.
 */
export interface LoadEvent {
  readonly sentAt: number;
  readonly status: number | 'timeout' | 'error';
}

/**
 * `paths` in turn, each once without and once with compression, for `amount` responses or
 * `seconds`, whichever comes first (`cutShort`: the time bound came first), or until `signal`.
 * Every response and error is kept with its time, so a fault injected during the run can be
 * related to what clients saw; `statuses` counts `timeout` and `error` (refused or reset) too.
 */
export async function runLoad(options: {
  readonly url: string;
  readonly paths: readonly string[];
  readonly connections: number;
  readonly amount?: number;
  readonly seconds: number;
  readonly signal?: AbortSignal;
}) {
  const events: LoadEvent[] = [];
  const { url, connections, amount, seconds } = loopback(options);
  const requests = options.paths.flatMap((path) => [{ path }, { path, headers: { 'accept-encoding': 'br, gzip' } }]);
  const run = { url, connections, requests, timeout: TIMEOUT_SECONDS, ...(amount === undefined ? { duration: seconds } : { amount }) };
  // Without a callback autocannon returns its instance made a promise of the result (its lib/init.js); the types know only the promise.
  const instance = autocannon(run) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client, statusCode, _bytes, responseTime) =>
    events.push({ sentAt: Date.now() - responseTime, status: Number(statusCode) || 0 }),
  );
  instance.on('reqError', (error: unknown) => {
    const timedOut = error instanceof Error && error.message === 'request timed out';
    // A connection error is seen at once; a timeout TIMEOUT_SECONDS after the request was sent.
    events.push(timedOut ? { sentAt: Date.now() - TIMEOUT_SECONDS * 1000, status: 'timeout' } : { sentAt: Date.now(), status: 'error' });
  });
  options.signal?.addEventListener('abort', () => instance.stop(), { once: true });
  let cutShort = false;
  const bound = setTimeout(
    () => {
      cutShort = amount !== undefined;
      instance.stop();
    },
    seconds * 1000 + 1000,
  );
  const result = await instance;
  clearTimeout(bound);
  const statuses: Record<string, number> = {};
  for (const event of events) statuses[event.status] = (statuses[event.status] ?? 0) + 1;
  return { ...figures(result), statuses, events, cutShort };
}
