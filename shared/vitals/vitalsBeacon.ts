import type { RouteId } from '../routes/table.ts';

/** The web vitals beacon, one shape for `client/vitals/` and `server/features/leads/vitals/`. */

/** Google's web-vitals metrics: times in milliseconds, CLS a unitless score. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** The coarse device class the metrics are split by. */
export const DEVICE_CLASSES = ['mobile', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The route label of a page that matched no route of the table (the 404 page of an unknown path). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface VitalsBeacon {
  /** Id of the landing page's route in the route table (`shared/routes/table.ts`), never its URL. */
  readonly route: RouteId | typeof UNMATCHED_ROUTE;
  readonly device?: DeviceClass;
  /** Each metric at most once. */
  readonly metrics: readonly { readonly name: VitalName; readonly value: number }[];
  /** The trace id of the server's answer to this page view, when the server traces (decision 028). */
  readonly trace?: string;
}

/** The name of the `Server-Timing` entry whose description is the page's W3C `traceparent`. */
export const TRACEPARENT_TIMING = 'traceparent';

/** A W3C trace id: 32 lowercase hex digits, not all zero. */
export const TRACE_ID = /^(?!0{32})[0-9a-f]{32}$/;

/** The trace id of a `traceparent` (`00-<trace id>-<span id>-<flags>`), or undefined for anything else. */
export function traceIdOf(traceparent: string | undefined): string | undefined {
  const [version, traceId, spanId, flags] = (traceparent ?? '').split('-');
  return version === '00' && traceId !== undefined && TRACE_ID.test(traceId) && spanId?.length === 16 && flags?.length === 2
    ? traceId
    : undefined;
}
