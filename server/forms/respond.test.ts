import { expect, test } from 'vitest';
import { leadsDataDirPerFile, postWithoutJavaScript } from '../../tests/forms/fixtures.ts';
import { createTestApp } from '../../tests/support/testApp.ts';
import { FORM_PAGES } from './respond.tsx';

const data = leadsDataDirPerFile();

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

/** A subscription posted without JavaScript, as a browser sends a plain form. */
const postSubscription = async (page: string) => {
  const { app } = await createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_RATE_LIMIT: '1000' });
  return postWithoutJavaScript(app, 'subscribe').send({ email: 'reader@example.ru', consent: 'on', _fillMs: '9000', _page: page });
};

test.each([
  '/\t/evil.example',
  '/.//evil.example',
  '/%2e//evil.example',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example',
  '/\n/evil.example',
])('the result page never links off the site: %j falls back to the form page', async (page) => {
  const response = await postSubscription(page);
  expect(response.status).toBe(201);
  expect(hrefs(response.text)).toEqual([FORM_PAGES.subscribe.replaceAll('&', '&amp;')]);
});

test('the result page links back to the page of the site the form was sent from', async () => {
  const response = await postSubscription('/blog/?page=2');
  expect(hrefs(response.text)).toEqual(['/blog/?page=2']);
});
