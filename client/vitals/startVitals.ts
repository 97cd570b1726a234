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

/** Field data of the landing page (docs/deploy.md): one beacon to POST /api/vitals when the page is hidden. */
export function startVitals(router: DataRouter): void {
  const route = landingRoute(router);
  const device = deviceClass();
  const trace = pageTrace();
  const pending = new Map<VitalName, number>();
  const sent = new Set<VitalName>();
  const record = ({ name, value }: Metric) => {
    if (!sent.has(name)) pending.set(name, value);
  };
  for (const on of [onTTFB, onFCP, onLCP, onCLS, onINP]) on(record);

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
  // After web-vitals' own listeners; not `pagehide`, which Chromium fires before they finalize.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
}
