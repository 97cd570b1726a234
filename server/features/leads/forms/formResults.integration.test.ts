import request from 'supertest';
import { expect, test } from 'vitest';
import { FILES, followResult, leadsDataDirPerFile, postWithoutJavaScript } from '../../../../tests/forms/fixtures.ts';
import { createTestApp } from '../../../../tests/support/testApp.ts';

const data = leadsDataDirPerFile();

const appWith = () => createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_RATE_LIMIT: '1000' });

const RESULT_LOCATION = /^\/blog\/\?_result=[0-9a-f-]{36}#subscribe-form-result$/;

test('a subscription without JavaScript returns to the page it was sent from, confirmed in the site, and a reload posts nothing', async () => {
  const { app } = await appWith();
  const posted = await postWithoutJavaScript(app, 'subscribe')
    .set('Referer', 'https://verf.test/blog/')
    .send({ email: 'reader@почта.рф', consent: 'on', website: '' });
  expect(posted.status).toBe(303);
  expect(posted.headers.location).toMatch(RESULT_LOCATION);
  // Over plain HTTP the cookie is not `Secure`: a browser would drop it and the result with it.
  expect(String(posted.headers['set-cookie'])).toMatch(/^verf_form_result=[0-9a-f-]{36}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
  const stored = await data().store().countLeads();

  for (let load = 0; load < 2; load += 1) {
    const page = await followResult(app, posted);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain('<header');
    expect(page.text).toMatch(/id="subscribe-form-result"[^>]*role="status"|role="status"[^>]*id="subscribe-form-result"/);
    expect(page.text).toContain(`Вы подписаны`);
  }
  expect(await data().store().countLeads()).toBe(stored);
});

test('over HTTPS behind a trusted proxy the result cookie is `Secure`', async () => {
  const { app } = await createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_RATE_LIMIT: '1000', TRUST_PROXY: 'loopback' });
  const posted = await postWithoutJavaScript(app, 'subscribe')
    .set('X-Forwarded-Proto', 'https')
    .set('Referer', 'https://verf.test/blog/')
    .send({ email: 'reader@example.ru', consent: 'on', website: '' });
  expect(posted.status).toBe(303);
  expect(String(posted.headers['set-cookie'])).toMatch(
    /^verf_form_result=[0-9a-f-]{36}; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
  );
  expect((await followResult(app, posted)).text).toContain('Вы подписаны');
});

test('a form result shows only in the browser that posted the form, and never reaches the page cache', async () => {
  const { app } = await appWith();
  const posted = await postWithoutJavaScript(app, 'subscribe')
    .set('Referer', 'https://verf.test/blog/')
    .send({ email: 'не почта', consent: 'on' });
  const own = await followResult(app, posted);
  expect(own.text).toContain('value="не почта"');
  const elsewhere = await followResult(app, posted, { withCookie: false });
  expect(elsewhere.status).toBe(200);
  expect(elsewhere.headers['cache-control']).toBe('private, no-store');
  expect(elsewhere.text).not.toContain('не почта');
  const blog = await request(app).get('/blog/');
  expect(blog.text).not.toContain('не почта');
  expect(blog.text).not.toContain('subscribe-form-result');
});

test('a request with errors returns to its page with the errors, the typed values and the files already sent, which a second post claims', async () => {
  const { app, logs } = await appWith();
  const posted = await request(app)
    .post('/api/forms/request')
    .set('Accept', 'text/html')
    .set('Referer', 'https://verf.test/request/?serviceType=SEO')
    .field({ name: 'Анна Смирнова', phone: '8 912 345 67 89', email: 'anna@', message: 'Нужен сайт', consent: 'on', website: '' })
    .attach('attachments', FILES.pdf, { filename: 'Бриф.pdf' });
  expect(posted.status).toBe(303);
  expect(posted.headers.location).toMatch(/^\/request\/\?serviceType=SEO&_result=[0-9a-f-]{36}#request-form-result$/);
  const page = await followResult(app, posted);
  expect(page.status).toBe(200);
  expect(page.headers['cache-control']).toBe('private, no-store');
  expect(page.text).toContain('id="request-form-result"');
  expect(page.text).toContain('Проверьте поля формы: некоторые заполнены неверно.');
  expect(page.text).toContain('Введите корректный email адрес');
  expect(page.text).toContain('value="Анна Смирнова"');
  expect(page.text).toContain('value="anna@"');
  expect(page.text).toContain('Нужен сайт</textarea>');
  const kept = page.text.match(/name="attachments" checked="" value="([0-9a-f-]{36})"/)?.[1];
  expect(kept).toBeDefined();
  expect(page.text).toContain('Бриф.pdf');

  const again = await request(app)
    .post('/api/forms/request')
    .set('Accept', 'text/html')
    .field({ name: 'Анна Смирнова', phone: '8 912 345 67 89', email: 'anna@example.ru', consent: 'on', attachments: kept! });
  expect(again.status).toBe(303);
  expect(again.headers.location).toBe('/success/request/');
  const leadId = logs.lines.findLast((line) => line.msg === 'lead stored')?.leadId as string;
  expect((await data().store().getLead(leadId))?.attachments.map((file) => [file.id, file.name])).toEqual([[kept, 'Бриф.pdf']]);
});

test('a form sent again from the page its first try returned to stores that page without the result in its address', async () => {
  const { app } = await appWith();
  const first = await postWithoutJavaScript(app, 'subscribe')
    .set('Referer', 'https://verf.test/blog/?utm_source=vk')
    .send({ email: 'не почта', consent: 'on' });
  const returnedTo = `https://verf.test${String(first.headers.location).split('#')[0]!}`;
  expect(returnedTo).toMatch(/\?utm_source=vk&_result=[0-9a-f-]{36}$/);

  const again = await postWithoutJavaScript(app, 'subscribe')
    .set('Referer', returnedTo)
    .send({ email: 'reader@example.ru', consent: 'on' });
  expect(again.status).toBe(303);
  const resultId = new URL(String(again.headers.location), 'https://verf.test').searchParams.get('_result')!;
  const result = JSON.parse((await data().store().formResult(resultId, 0))!) as { leadId: string };
  expect((await data().store().getLead(result.leadId))?.page).toBe('/blog/?utm_source=vk');
});
