import request from 'supertest';
import { expect, test } from 'vitest';
import { leadsDataDirPerFile, postWithoutJavaScript } from '../../../../tests/forms/fixtures.ts';
import { createTestApp } from '../../../../tests/support/testApp.ts';

const data = leadsDataDirPerFile();

/** A subscription sent without JavaScript with a mistyped address: the page it returns to shows what was typed. */
async function personalPage() {
  const { app } = await createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_RATE_LIMIT: '1000' });
  const posted = await postWithoutJavaScript(app, 'subscribe')
    .set('Referer', 'https://verf.test/blog/')
    .send({ email: 'не почта', consent: 'on' });
  expect(posted.status).toBe(303);
  const location = String(posted.headers.location).split('#')[0]!;
  const cookie = ([] as string[])
    .concat(posted.headers['set-cookie'] ?? [])
    .map((each) => each.split(';')[0])
    .join('; ');
  return { app, location, cookie };
}

test("the data request of a page showing a form's result is private and untagged, like the page itself", async () => {
  const { app, location, cookie } = await personalPage();
  const page = await request(app).get(location).set('Cookie', cookie);
  expect(page.headers['cache-control']).toBe('private, no-store');
  const twin = await request(app).get(`${location}&_data=root`).set('Cookie', cookie);
  expect(twin.status).toBe(200);
  expect(twin.text).toContain('не почта');
  expect(twin.headers['cache-control']).toBe('private, no-store');
  expect(twin.headers['surrogate-key']).toBeUndefined();
  expect(twin.headers['cache-tag']).toBeUndefined();
});

test("another browser given the address gets the data request private too, without the visitor's values", async () => {
  const { app, location } = await personalPage();
  const twin = await request(app).get(`${location}&_data=root`);
  expect(twin.status).toBe(200);
  expect(twin.text).not.toContain('не почта');
  expect(twin.headers['cache-control']).toBe('private, no-store');
  expect(twin.headers['surrogate-key']).toBeUndefined();
});
