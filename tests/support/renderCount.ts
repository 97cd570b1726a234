import { renderDuration } from '../../server/platform/monitoring/metrics.ts';

/** Renders of pages so far in this process, as the metrics count them (`ssr_render_duration_seconds_count`). */
export async function renderCount(): Promise<number> {
  const { values } = await renderDuration.get();
  return values.find((value) => value.metricName === 'ssr_render_duration_seconds_count')?.value ?? 0;
}
