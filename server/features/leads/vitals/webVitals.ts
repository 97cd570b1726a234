import { Histogram } from 'prom-client';
import type { DeviceClass, VitalName } from '../../../../shared/vitals/vitalsBeacon.ts';

/** Web vitals as histograms by route and device (closed sets), edged at Google's good/poor thresholds: the good share is a ratio. */
const LABELS = ['route', 'device'] as const;

const histogram = (name: string, help: string, buckets: number[]) => new Histogram({ name, help, labelNames: LABELS, buckets });

const VITALS: Record<VitalName, { readonly histogram: Histogram<(typeof LABELS)[number]>; readonly scale: number }> = {
  LCP: {
    histogram: histogram('web_vitals_lcp_seconds', 'Largest Contentful Paint of page views', [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20]),
    scale: 1000,
  },
  INP: {
    histogram: histogram('web_vitals_inp_seconds', 'Interaction to Next Paint of page views', [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2]),
    scale: 1000,
  },
  CLS: {
    histogram: histogram('web_vitals_cls', 'Cumulative Layout Shift of page views (unitless)', [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1]),
    scale: 1,
  },
  FCP: {
    histogram: histogram('web_vitals_fcp_seconds', 'First Contentful Paint of page views', [0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10]),
    scale: 1000,
  },
  TTFB: {
    histogram: histogram('web_vitals_ttfb_seconds', 'Time to First Byte of page views', [0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 2.5, 4, 8]),
    scale: 1000,
  },
};

/** Records one page view's metric (milliseconds, or CLS's score). */
export function observeVital(name: VitalName, value: number, labels: { readonly route: string; readonly device: DeviceClass }): void {
  const vital = VITALS[name];
  vital.histogram.observe(labels, value / vital.scale);
}

/** Google's "poor" thresholds (milliseconds, CLS a score): past them a page view is worth following to its trace. */
const POOR: Record<VitalName, number> = { LCP: 4000, INP: 500, CLS: 0.25, FCP: 3000, TTFB: 1800 };

export function isPoor(name: VitalName, value: number): boolean {
  return value > POOR[name];
}
