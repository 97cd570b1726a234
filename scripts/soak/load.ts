import autocannon from 'autocannon';

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
}

/** One response or failed request, stamped with when it happened (ms since the epoch). */
export interface LoadEvent {
  readonly at: number;
  readonly status: number | 'error';
}

export interface LoadResult {
  readonly sent: number;
  readonly seconds: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Responses by status code. */
  readonly statuses: Readonly<Record<string, number>>;
  /** Connection errors and timeouts. */
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
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount === undefined ? { duration: options.seconds } : { amount: options.amount }),
    requests: options.requests.map((request) => ({ method: 'GET', path: request.path, headers: request.headers ?? {} })),
    timeout: 10,
  }, (error, result) => (error ? fail(error) : finish(result)));
  instance.on('response', (_client, statusCode) => events.push({ at: Date.now(), status: statusCode }));
  instance.on('reqError', () => events.push({ at: Date.now(), status: 'error' }));
  let cutShort = false;
  const bound = setTimeout(() => {
    cutShort = options.amount !== undefined;
    instance.stop();
  }, options.seconds * 1000 + 1000);
  const result = await done;
  clearTimeout(bound);

  const statuses: Record<string, number> = {};
  for (const event of events) if (event.status !== 'error') statuses[event.status] = (statuses[event.status] ?? 0) + 1;
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
