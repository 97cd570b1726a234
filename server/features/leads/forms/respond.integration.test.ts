import { expect, test } from 'vitest';
import { leadsDataDirPerFile, postWithoutJavaScript } from '../../../../tests/forms/fixtures.ts';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { FORM_PAGES } from './respond.tsx';

const data = leadsDataDirPerFile();

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
])('the result never sends the visitor off the site: %j falls back to the form page', async (page) => {
  const response = await postSubscription(page);
  expect(response.status).toBe(303);
  expect(response.headers.location).toMatch(
    new RegExp(`^${FORM_PAGES.subscribe.split('#')[0]}\\?_result=[0-9a-f-]{36}#subscribe-form-result$`),
  );
});

test('the result returns to the page of the site the form was sent from, its query kept', async () => {
  const response = await postSubscription('/blog/?page=2');
  expect(response.headers.location).toMatch(/^\/blog\/\?page=2&_result=[0-9a-f-]{36}#subscribe-form-result$/);
});
