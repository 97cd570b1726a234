/**
 * The main thread's blocking as a visitor's phone has it, beside Lighthouse's. Lighthouse, like
 * playwright's pages and puppeteer's `Page`, enables the Runtime domain, and while it is enabled
 * V8 collects source positions for the stack of every `Error` created: react-dom's sentinels cost
 * 238–1,000 ms of `V8.CollectSourcePositions` per load at 4× CPU, 15–43 ms since decision 026,
 * which no visitor pays. So here the page is loaded through puppeteer's DevTools sessions alone,
 * enabling only Emulation and Tracing, at Lighthouse's mobile CPU slowdown and viewport, and the
 * observed trace is read: each main-thread task's time beyond 50 ms after the first contentful
 * paint. Observed, not simulated: compared with and without scripts, never with Lighthouse's TBT.
 */

import { connect } from 'puppeteer-core';

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

export type VisitorBlocking = ReturnType<typeof blockingOf>;

/**
 * Blocking time from a trace: the main thread's top-level tasks that end after the first contentful
 * paint count with their part beyond 50 ms (a task that straddles the paint counts from the paint on,
 * as in Lighthouse's TBT); the longest such task; and `sourcePositionsMs`, V8 parsing functions
 * again for source positions (0 without a DevTools Runtime client).
 */
export function blockingOf(events: readonly TraceEvent[]) {
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

/**
 * Loads `url` in a new tab of the Chromium whose DevTools listen on `port`, and reads its trace.
 * puppeteer enables Runtime only from its `Page` and `WebWorker` objects, never made here.
 */
export async function visitorBlocking(port: number, url: string): Promise<VisitorBlocking> {
  const browser = await connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  const connection = (await browser.target().createCDPSession()).connection();
  if (connection === undefined) throw new Error('no DevTools connection');
  const events: TraceEvent[] = [];
  connection.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => connection.once('Tracing.tracingComplete', resolve));
  const { targetId } = await connection.send('Target.createTarget', { url: 'about:blank' });
  try {
    const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true });
    const page = connection.session(sessionId);
    if (page === null) throw new Error('no DevTools session for the tab');
    await page.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.send('Emulation.setDeviceMetricsOverride', VIEWPORT);
    await connection.send('Tracing.start', {
      traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'loading', 'v8.execute', 'disabled-by-default-v8.compile'] },
      transferMode: 'ReportEvents',
    });
    await page.send('Page.navigate', { url });
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    await connection.send('Tracing.end');
    await complete;
    return blockingOf(events);
  } finally {
    await connection.send('Target.closeTarget', { targetId }).catch(() => undefined);
    await browser.disconnect();
  }
}
