import request from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { setAttribute, startAlteredContent } from '../support/alteredContent.ts';
import { createTestApp } from '../support/testApp.ts';

// Decision 021 through the whole site: a CMS (an external JSON:API service) sends one bad field,
// and the page still renders, without that field, counting the failure in /metrics.

const METRICS_TOKEN = 'metrics-token-0123456789';

let content: Awaited<ReturnType<typeof startAlteredContent>>;
beforeAll(async () => {
  content = await startAlteredContent();
});
afterAll(() => content.close());
beforeEach(() => content.alter(() => undefined));

async function site() {
  const { app, logs } = await createTestApp({ CONTENT_API_URL: content.url, METRICS_TOKEN });
  const failures = async (type: string, field: string, outcome: string) => {
    const metrics = await request(app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    const line = metrics.text
      .split('\n')
      .find((text) => text.startsWith(`content_validation_failures_total{type="${type}",field="${field}",outcome="${outcome}"} `));
    return line === undefined ? 0 : Number(line.split(' ')[1]);
  };
  return { app, logs, failures };
}

test('a CMS record with one bad optional field renders its page (200) and counts one failure', async () => {
  content.alter(setAttribute('contacts', (office) => office.attributes?.['isHeadOffice'] === false, 'hours', ''));
  const { app, logs, failures } = await site();
  const before = await failures('contacts', 'hours', 'field-dropped');
  const page = await request(app).get('/contacts/');
  expect(page.status).toBe(200);
  // The head office keeps its hours; the other office is shown without the line.
  expect(page.text).toContain('Пн–Пт, 10:00–19:00');
  expect(page.text).not.toContain('Пн–Пт, 09:00–18:00');
  expect(page.text).toContain('Екатеринбург');
  expect(await failures('contacts', 'hours', 'field-dropped')).toBe(before + 1);
  const warnings = logs.lines.filter((line) => line['msg'] === 'content validation failed');
  expect(warnings).toEqual([expect.objectContaining({ type: 'contacts', field: 'hours', outcome: 'field dropped' })]);
});

test('one article failing validation is left out of the blog list, which still renders', async () => {
  const listed = (html: string) => [...new Set(html.match(/\/material\/blog\/[\w-]+\//g))];
  const healthy = listed((await request((await site()).app).get('/blog/')).text);
  const newest = healthy[0]!;
  content.alter(setAttribute('articles', (article) => newest === `/material/blog/${article.id}/`, 'title', ''));
  const { app, failures } = await site();
  const before = await failures('articles', 'title', 'item-dropped');
  const blog = await request(app).get('/blog/');
  expect(blog.status).toBe(200);
  expect(listed(blog.text)).toEqual(healthy.slice(1));
  expect(await failures('articles', 'title', 'item-dropped')).toBe(before + 1);
});

test('an article failing a required field, never seen good before, answers 503 as an outage does', async () => {
  content.alter(setAttribute('articles', (article) => article.id === 'kak-vybrat-cms', 'date', 'вчера'));
  const { app, failures } = await site();
  const before = await failures('articles', 'date', 'record-refused');
  const article = await request(app).get('/material/blog/kak-vybrat-cms/');
  expect(article.status).toBe(503);
  expect(await failures('articles', 'date', 'record-refused')).toBe(before + 1);
  // The rest of the site is unaffected.
  expect((await request(app).get('/material/blog/chek-list-ux-audita/')).status).toBe(200);
});
