import autocannon from 'autocannon';

/** A request unanswered after this long counts as failed. */
const TIMEOUT_SECONDS = 10;

export interface LoadRequest {
  readonly path: string;
  readonly headers?: Record<string, string>;
}

export interface LoadOptions {
  readonly url: string;
  readonly requests: readonly LoadRequest[];
  readonly connections: number;
  /** Stop after this many responses… */
  readonly amount?: number;
  /** …or after this many seconds, whichever comes first. */
  readonly seconds: number;
  /** Ends the run early (a fault run that lasts until the fault is over). */
  readonly signal?: AbortSignal;
}

/**
 * One response or failed request, with when it was sent (ms since the epoch): a request is
 * judged by the state of the server when it was sent, not when its timeout fired.
 */
export interface LoadEvent {
  readonly sentAt: number;
  readonly status: number | 'timeout' | 'error';
}

export interface LoadResult {
  readonly sent: number;
  readonly seconds: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Requests by status code, or `timeout` / `error` (connection refused or reset). */
  readonly statuses: Readonly<Record<string, number>>;
  /** Connection errors and timeouts, as autocannon counts them. */
  readonly errors: number;
  readonly events: readonly LoadEvent[];
  /** True when the time bound ended the run before `amount`. */
  readonly cutShort: boolean;
}

/**
 * Load over loopback with autocannon: each connection cycles through `requests`. Bounded in
 * time whatever `amount` says. Every response and error is kept with its time, so a fault
 * injected during the run can be related to what clients saw.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (!options.url.startsWith('http://127.0.0.1:')) throw new Error(`load goes to loopback only, not ${options.url}`);
  const events: LoadEvent[] = [];
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      ...(options.amount === undefined ? { duration: options.seconds } : { amount: options.amount }),
      requests: options.requests.map((request) => ({ method: 'GET', path: request.path, headers: request.headers ?? {} })),
      timeout: TIMEOUT_SECONDS,
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
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
      cutShort = options.amount !== undefined;
      instance.stop();
    },
    options.seconds * 1000 + 1000,
  );
  const result = await done;
  clearTimeout(bound);

  const statuses: Record<string, number> = {};
  for (const event of events) statuses[event.status] = (statuses[event.status] ?? 0) + 1;
  return {
    sent: result.requests.total,
    seconds: result.duration,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
    events,
    cutShort,
  };
}

/** Every page, once without and once with compression, so both kinds of response are exercised. */
export function requestsFor(paths: readonly string[]): LoadRequest[] {
  return paths.flatMap((path) => [{ path }, { path, headers: { 'accept-encoding': 'br, gzip' } }]);
}
