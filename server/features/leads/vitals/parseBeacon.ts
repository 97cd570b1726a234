import { array, enums, number, object, optional, pattern, refine, size, string, validate } from 'superstruct';
import { ROUTES } from '../../../../shared/routes/table.ts';
import {
  DEVICE_CLASSES,
  TRACE_ID,
  UNMATCHED_ROUTE,
  VITAL_NAMES,
  type DeviceClass,
  type VitalsBeacon,
} from '../../../../shared/vitals/vitalsBeacon.ts';

/** Ceilings of a plausible value: one forged sample would move a histogram's sum for good. */
const MAX_MILLISECONDS = 600_000;
const MAX_CLS = 100;

const Metric = refine(
  object({ name: enums(VITAL_NAMES), value: number() }),
  'VitalValue',
  ({ name, value }) =>
    (Number.isFinite(value) && value >= 0 && value <= (name === 'CLS' ? MAX_CLS : MAX_MILLISECONDS)) || 'a plausible value',
);

/** The body of POST /api/vitals (`shared/vitals/vitalsBeacon.ts`): a route id of the table, never a URL. */
const Beacon = object({
  route: enums([...ROUTES.map((route) => route.id), UNMATCHED_ROUTE]),
  device: optional(enums(DEVICE_CLASSES)),
  metrics: refine(
    size(array(Metric), 1, VITAL_NAMES.length),
    'OncePerMetric',
    (metrics) => new Set(metrics.map((metric) => metric.name)).size === metrics.length || 'each metric once',
  ),
  trace: optional(pattern(string(), TRACE_ID)),
});

/** The beacon in a request body (JSON as text), or undefined for anything else. */
export function parseBeacon(text: string): VitalsBeacon | undefined {
  try {
    const [error, beacon] = validate(JSON.parse(text), Beacon);
    return error === undefined ? beacon : undefined;
  } catch {
    return undefined;
  }
}

/** A phone or tablet by its User-Agent (MDN's advice: "Mobi" anywhere), when the beacon did not say. */
export function deviceFromUserAgent(userAgent: string | undefined): DeviceClass {
  return userAgent !== undefined && /Mobi|Android|iPhone|iPad/.test(userAgent) ? 'mobile' : 'desktop';
}
