import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { ROOT_DIR } from '../../platform/paths.ts';
import { signedRevalidation } from '../../../tests/support/signedRevalidation.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';

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
interface Rule {
  readonly alert: string;
  readonly expr: string;
  readonly annotations: Record<string, string>;
}
const rules = (
  parse(readFileSync(path.join(ROOT_DIR, 'docs', 'prometheus-rules.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((group) => group.rules);

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
const METRIC_NAME = /[a-z_][a-z0-9_]*/g;
const PROMQL_WORDS = new Set(['sum', 'by', 'rate', 'and', 'or', 'unless', 'histogram_quantile', 'max', 'count', 'le', 'route', 'm']);
/** The metric names of an alert's expression (written bare or with a selector), its label names and functions left out. */
const ruleMetrics = (expr: string) =>
  [
    ...expr
      .split('{')
      .map((part, index) => (index === 0 ? part : part.slice(part.indexOf('}') + 1)))
      .join(' ')
      .matchAll(METRIC_NAME),
  ]
    .map((match) => match[0])
    .filter((word) => !PROMQL_WORDS.has(word));

/** The metrics /metrics declares (`# TYPE`), a histogram's series included, and every series with a sample. */
function servedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const declared = /^# TYPE (\w+) (\w+)$/.exec(line);
    if (declared !== null) {
      const [, name, type] = declared;
      for (const suffix of type === 'histogram' ? ['_bucket', '_count', '_sum'] : ['']) names.add(`${name!}${suffix}`);
    } else if (line !== '' && !line.startsWith('#')) names.add(/^[a-z_][a-z0-9_]*/.exec(line)![0]);
  }
  return names;
}
/** `[histogram, edge]` of every bucket a query reads by its edge (`x_bucket{le="2.5"`). */
function bucketEdges(expr: string): [name: string, edge: string][] {
  const parts = expr.split('_bucket{le="');
  return parts.slice(1).map((after, index) => [nameAtEnd(parts[index]!), after.slice(0, after.indexOf('"'))]);
}

test('the Grafana dashboard covers requests, renders, the page cache, the outbox, every web vital and every operations metric', () => {
  const names = new Set(expressions.flatMap(selected));
  for (const name of [
    'http_request_duration_seconds_bucket',
    'content_fetch_duration_seconds_bucket',
    'content_validation_failures_total',
    'revalidations_total',
    'page_cache_purges_total',
    'image_queue_cost',
    'image_refusals_total',
    'ssr_render_aborts_total',
    'rate_limit_refusals_total',
    'leads_created_total',
    'leads_delivered_total',
    'leads_store_unavailable',
    'build_info',
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

/**
 * The metrics docs/deploy.md lists (its "Metrics" table, first column): label selectors left out,
 * `web_vitals_{lcp,inp}_seconds` spelled out, and `process_*` kept as a prefix.
 */
function documentedMetrics(): string[] {
  const deploy = readFileSync(path.join(ROOT_DIR, 'docs', 'deploy.md'), 'utf8');
  const section = deploy.slice(deploy.indexOf('## Metrics'), deploy.indexOf('**Alerts.**'));
  const firstColumns = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.slice(2, line.indexOf(' |', 2)));
  return firstColumns.flatMap((column) =>
    [...column.matchAll(/`([^`]+)`/g)].flatMap((match) => {
      const token = match[1]!;
      const open = token.indexOf('{');
      const close = token.indexOf('}');
      if (open === -1) return [token];
      const after = token.slice(close + 1);
      // `a_{x,y}_b`: a brace inside the name stands for each of its alternatives; at the end it is a label selector.
      if (after === '') return [token.slice(0, open)];
      return token
        .slice(open + 1, close)
        .split(',')
        .map((alternative) => `${token.slice(0, open)}${alternative}${after}`);
    }),
  );
}

test('every metric docs/deploy.md lists has a panel on the dashboard', () => {
  const documented = documentedMetrics();
  expect(documented).toEqual(
    expect.arrayContaining(['leads_suspected_spam_total', 'web_vitals_inp_seconds', 'web_vitals_cls', 'process_*']),
  );
  const queried = [...new Set(expressions.flatMap(selected))];
  const shown = (name: string) =>
    name.endsWith('*')
      ? queried.some((series) => series.startsWith(name.slice(0, -1)))
      : queried.some((series) => series === name || ['_bucket', '_count', '_sum'].some((suffix) => series === `${name}${suffix}`));
  expect(documented.filter((name) => !shown(name))).toEqual([]);
});

test('the alert rules cover the outbox, the leads store, the content service, errors and p99 latency by route, each with a runbook', () => {
  expect(rules.map((rule) => rule.alert)).toEqual([
    'LeadsOutboxBacklog',
    'LeadsStoreUnavailable',
    'LeadsSuspectedSpike',
    'ContentServiceDegraded',
    'HighErrorRate',
    'SlowRoute',
    'CachePurgesFailing',
  ]);
  expect(rules.find((rule) => rule.alert === 'SlowRoute')?.expr).toMatch(/histogram_quantile\(0\.99, sum by \(le, route\)/);
  for (const rule of rules) {
    expect(rule.annotations.runbook, rule.alert).toMatch(/\S/);
    expect(rule.annotations.runbook, rule.alert).not.toContain('\n');
  }
});

test('every series and bucket edge the dashboard and the alert rules query is one /metrics actually serves', async () => {
  const secret = 'revalidate-secret-0123456789';
  const { app } = await createTestApp({ METRICS_TOKEN: TOKEN, PAGE_CACHE_MAX_MB: '16', REVALIDATE_SECRET: secret });
  expect((await request(app).get('/contacts/')).status).toBe(200);
  const call = signedRevalidation({ all: true }, secret);
  expect((await request(app).post('/api/revalidate').set(call.headers).send(call.body)).status).toBe(202);
  const beacon = {
    route: 'contacts',
    device: 'mobile',
    metrics: ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'].map((name) => ({ name, value: name === 'CLS' ? 0.05 : 150 })),
  };
  expect((await request(app).post('/api/vitals').set('Content-Type', 'text/plain').send(JSON.stringify(beacon))).status).toBe(204);
  const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
  const served = servedNames(text);
  for (const rule of rules) {
    expect(ruleMetrics(rule.expr).length, rule.alert).toBeGreaterThan(0);
    for (const name of ruleMetrics(rule.expr)) expect(served, `${name} in ${rule.alert}`).toContain(name);
  }
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
