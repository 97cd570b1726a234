import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../paths.ts';
import { createTestApp } from '../../tests/support/testApp.ts';

const TOKEN = 'metrics-token-0123456789';

interface Panel {
  readonly type: string;
  readonly title: string;
  readonly targets?: readonly { readonly expr: string }[];
}
const dashboard = JSON.parse(readFileSync(path.join(ROOT_DIR, 'docs', 'grafana-dashboard.json'), 'utf8')) as {
  panels: Panel[];
  templating: { list: { name: string; query: string }[] };
};
const expressions = [
  ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
  ...dashboard.templating.list.filter((variable) => variable.query.startsWith('label_values(')).map((variable) => `${variable.query}{}`),
];
/** The metric name that ends `text` (`…rate(web_vitals_cls` → `web_vitals_cls`). */
function nameAtEnd(text: string): string {
  let start = text.length;
  while (start > 0 && /[a-z0-9_]/.test(text[start - 1]!)) start -= 1;
  return text.slice(start);
}
/** Every series a query selects is written `name{…}` in the dashboard. */
const selected = (expr: string) =>
  expr
    .split('{')
    .slice(0, -1)
    .map(nameAtEnd)
    .filter((name) => name !== '');
/** `[histogram, edge]` of every bucket a query reads by its edge (`x_bucket{le="2.5"`). */
function bucketEdges(expr: string): [name: string, edge: string][] {
  const parts = expr.split('_bucket{le="');
  return parts.slice(1).map((after, index) => [nameAtEnd(parts[index]!), after.slice(0, after.indexOf('"'))]);
}

test('the Grafana dashboard covers requests, renders, the page cache, the outbox and every web vital', () => {
  const names = new Set(expressions.flatMap(selected));
  for (const name of [
    'http_request_duration_seconds_count',
    'ssr_render_duration_seconds_count',
    'page_cache_lookups_total',
    'leads_outbox_backlog',
    'web_vitals_lcp_seconds_bucket',
    'web_vitals_inp_seconds_bucket',
    'web_vitals_cls_bucket',
    'web_vitals_fcp_seconds_bucket',
    'web_vitals_ttfb_seconds_bucket',
  ]) {
    expect(names, name).toContain(name);
  }
  for (const panel of dashboard.panels.filter((each) => each.type !== 'row')) {
    expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    for (const target of panel.targets ?? []) expect(selected(target.expr).length, target.expr).toBeGreaterThan(0);
  }
});

test('every series and bucket edge the dashboard queries is one /metrics actually serves', async () => {
  const { app } = await createTestApp({ METRICS_TOKEN: TOKEN, PAGE_CACHE_MAX_MB: '16' });
  expect((await request(app).get('/contacts/')).status).toBe(200);
  const beacon = {
    route: 'contacts',
    device: 'mobile',
    metrics: ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'].map((name) => ({ name, value: name === 'CLS' ? 0.05 : 150 })),
  };
  expect((await request(app).post('/api/vitals').set('Content-Type', 'text/plain').send(JSON.stringify(beacon))).status).toBe(204);
  const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
  const served = new Set(
    text.split('\n').flatMap((line) => (line.startsWith('#') || line === '' ? [] : [/^[a-z_][a-z0-9_]*/.exec(line)![0]])),
  );
  expect(expressions.flatMap(bucketEdges)).toEqual(
    expect.arrayContaining([
      ['web_vitals_lcp_seconds', '2.5'],
      ['web_vitals_inp_seconds', '0.2'],
      ['web_vitals_cls', '0.1'],
    ]),
  );
  for (const expr of expressions) {
    for (const name of selected(expr)) expect(served, `${name} in ${expr}`).toContain(name);
    for (const [name, edge] of bucketEdges(expr)) {
      expect(text, `${name} bucket ${edge}`).toContain(`${name}_bucket{le="${edge}",`);
    }
  }
});
