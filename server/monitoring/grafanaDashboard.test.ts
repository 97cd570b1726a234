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
/** Every series a query selects is written `name{…}` in the dashboard. */
const selected = (expr: string) => [...expr.matchAll(/([a-z_][a-z0-9_]*)\{/g)].map((match) => match[1]!);

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
  for (const expr of expressions) {
    for (const name of selected(expr)) expect(served, `${name} in ${expr}`).toContain(name);
    for (const [, name, edge] of expr.matchAll(/([a-z_][a-z0-9_]*)_bucket\{le="([\d.]+)"/g)) {
      expect(text, `${name} bucket ${edge}`).toContain(`${name}_bucket{le="${edge}",`);
    }
  }
});
