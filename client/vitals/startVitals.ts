import type { DataRouter } from 'react-router';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { ROUTES } from '../../shared/routes/table.ts';
import {
  traceIdOf,
  TRACEPARENT_TIMING,
  UNMATCHED_ROUTE,
  type DeviceClass,
  type VitalName,
  type VitalsBeacon,
} from '../../shared/vitals/vitalsBeacon.ts';
import { VITALS_PATH } from '../../shared/routes/serverMounts.ts';

const ROUTE_IDS = new Set<string>(ROUTES.map((route) => route.id));

/** The landing page's route id in the table: the label its metrics are counted under, never its URL. */
function landingRoute(router: DataRouter): VitalsBeacon['route'] {
  const match = [...router.state.matches].reverse().find((each) => ROUTE_IDS.has(each.route.id));
  return (match?.route.id as VitalsBeacon['route'] | undefined) ?? UNMATCHED_ROUTE;
}

/** Phone or tablet: Client Hints where the browser has them, else a coarse pointer without hover. */
function deviceClass(): DeviceClass {
  const hinted = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  if (hinted !== undefined) return hinted ? 'mobile' : 'desktop';
  return window.matchMedia('(pointer: coarse) and (hover: none)').matches ? 'mobile' : 'desktop';
}

/** The trace of the server's answer to this document, which a traced server names in `Server-Timing` (decision 028). */
function pageTrace(): string | undefined {
  // `serverTiming` is missing in browsers older than the type says (Safari before 16.4).
  const navigation = performance.getEntriesByType('navigation')[0];
  return traceIdOf(navigation?.serverTiming?.find((entry) => entry.name === TRACEPARENT_TIMING)?.description);
}

/**
 * Field data (docs/deploy.md, Monitoring): Google's `web-vitals` measures LCP, INP, CLS, FCP and
 * TTFB of this page view, and each metric's value goes to POST /api/vitals once, in one
 * `navigator.sendBeacon` at the moment the page is hidden (a tab switched, the page left or
 * closed), the last moment browsers reliably deliver a request. Loaded after hydration at idle, so none of it is
 * in the first load (decision 014): FCP, LCP, TTFB and layout shifts are read from the
 * performance timeline's buffer, INP counts the interactions from then on. The metrics describe
 * the page the visitor landed on; later client navigations are not page loads and change nothing.
 */
export function startVitals(router: DataRouter): void {
  const route = landingRoute(router);
  const device = deviceClass();
  const trace = pageTrace();
  const pending = new Map<VitalName, number>();
  const sent = new Set<VitalName>();
  const record = ({ name, value }: Metric) => {
    if (!sent.has(name)) pending.set(name, value);
  };
  onTTFB(record);
  onFCP(record);
  onLCP(record);
  onCLS(record);
  onINP(record);

  const send = () => {
    if (pending.size === 0) return;
    const beacon: VitalsBeacon = {
      route,
      device,
      metrics: [...pending].map(([name, value]) => ({ name, value })),
      ...(trace === undefined ? {} : { trace }),
    };
    // A string goes as text/plain: no CORS preflight, which a beacon cannot make.
    if (!navigator.sendBeacon(VITALS_PATH, JSON.stringify(beacon))) return;
    for (const name of pending.keys()) sent.add(name);
    pending.clear();
  };
  // On the document, after web-vitals' own listeners (on the window, capturing) have reported
  // the values final at this moment. Not on `pagehide`: every current browser also changes the
  // visibility when the page is left or closed, and in Chromium `pagehide` comes first, before
  // web-vitals has finalized LCP, CLS and INP — a beacon then would carry only half the metrics.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
}
