/**
 * The main thread's blocking as a visitor's phone has it, beside Lighthouse's. Lighthouse, like
 * every CDP library (playwright, puppeteer), enables the Runtime domain, and while it is enabled
 * V8 collects source positions for the stack of every `Error` created: react-dom's sentinels cost
 * 238–1,000 ms of `V8.CollectSourcePositions` per load at 4× CPU, 15–43 ms since decision 026,
 * which no visitor pays. So here the page is loaded through a bare DevTools connection that
 * enables only Emulation and Tracing, at Lighthouse's mobile CPU slowdown and viewport, and the
 * observed trace is read: each main-thread task's time beyond 50 ms after the first contentful
 * paint. Observed, not simulated: compared with and without scripts, never with Lighthouse's TBT.
 */

/** Lighthouse's mobile preset: 4× CPU slowdown on a Moto G Power screen. */
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true } as const;
/** How long after navigating the trace is kept: past the last of the deferred work on this site. */
const WINDOW_MS = 8_000;
const LONG_TASK_MS = 50;

/** A trace event as Chromium reports it (the fields read here). */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
}

export interface VisitorBlocking {
  /** Sum over main-thread tasks after the first contentful paint of their time beyond 50 ms. */
  readonly blockingMs: number;
  /** The longest such task. */
  readonly longestTaskMs: number;
  /** V8 parsing functions again for source positions (0 without a DevTools Runtime client). */
  readonly sourcePositionsMs: number;
}

/**
 * Blocking time from a trace: the main thread's top-level tasks that end after the first contentful paint count with their part beyond 50 ms
 * (a task that straddles the paint counts from the paint on, as in Lighthouse's TBT).
 */
export function blockingOf(events: readonly TraceEvent[]): VisitorBlocking {
  // The page's renderer is the one that painted it (about:blank had another); its main thread
  // is the one that parsed the HTML.
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (paint === undefined) throw new Error('the trace has no firstContentfulPaint: the page did not paint');
  const parse = events.find((event) => event.name === 'ParseHTML' && event.pid === paint.pid);
  if (parse === undefined) throw new Error('the trace has no ParseHTML in the renderer that painted');
  const main = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X');
  const taskName = main.some((event) => event.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
  let blockingMs = 0;
  let longestTaskMs = 0;
  for (const task of main) {
    if (task.name !== taskName || task.dur === undefined) continue;
    const end = task.ts + task.dur;
    if (end <= paint.ts) continue;
    const ms = (end - Math.max(task.ts, paint.ts)) / 1000;
    blockingMs += Math.max(0, ms - LONG_TASK_MS);
    longestTaskMs = Math.max(longestTaskMs, ms);
  }
  const sourcePositionsMs = main
    .filter((event) => event.name === 'V8.CollectSourcePositions')
    .reduce((sum, event) => sum + (event.dur ?? 0) / 1000, 0);
  return { blockingMs, longestTaskMs, sourcePositionsMs };
}

interface CdpMessage {
  readonly id?: number;
  readonly method?: string;
  readonly params?: { readonly value?: readonly TraceEvent[] };
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly message: string };
}

/** Loads `url` in a new tab of the Chromium whose DevTools listen on `port`, and reads its trace. */
export async function visitorBlocking(port: number, url: string): Promise<VisitorBlocking> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const waiting = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  const events: TraceEvent[] = [];
  let traced: () => void = () => undefined;
  const complete = new Promise<void>((resolve) => (traced = resolve));
  socket.addEventListener('message', ({ data }) => {
    const message = JSON.parse(String(data)) as CdpMessage;
    const pending = message.id === undefined ? undefined : waiting.get(message.id);
    if (pending !== undefined && message.id !== undefined) {
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message.result ?? {});
    } else if (message.method === 'Tracing.dataCollected') events.push(...(message.params?.value ?? []));
    else if (message.method === 'Tracing.tracingComplete') traced();
  });
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      nextId += 1;
      waiting.set(nextId, { resolve, reject });
      socket.send(JSON.stringify({ id: nextId, method, params, ...(sessionId === undefined ? {} : { sessionId }) }));
    });

  const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
  try {
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    await send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN }, sessionId);
    await send('Emulation.setDeviceMetricsOverride', VIEWPORT, sessionId);
    await send('Tracing.start', {
      traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'loading', 'v8.execute', 'disabled-by-default-v8.compile'] },
      transferMode: 'ReportEvents',
    });
    await send('Page.navigate', { url }, sessionId);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    await send('Tracing.end');
    await complete;
    return blockingOf(events);
  } finally {
    await send('Target.closeTarget', { targetId }).catch(() => undefined);
    socket.close();
  }
}
