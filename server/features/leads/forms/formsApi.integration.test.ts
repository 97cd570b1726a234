import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expect, test } from 'vitest';
import {
  FILES,
  followResult,
  leadsDataDirPerFile,
  postWithoutJavaScript,
  postWithScript,
  validRequest,
} from '../../../../tests/forms/fixtures.ts';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { REFUSAL_HOLD_MS } from '../../../platform/http/refusalHold.ts';
import { register } from 'prom-client';
import { startWebhookReceiver } from '../../../../tests/forms/receivers.ts';

const data = leadsDataDirPerFile();

const appWith = (env: Record<string, string> = {}) =>
  createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_MIN_FILL_SECONDS: '3', FORMS_RATE_LIMIT: '1000', ...env });

const uploadsOnDisk = () => (existsSync(path.join(data().dir, 'uploads')) ? readdirSync(path.join(data().dir, 'uploads')) : []);

test('a JSON request is stored with its UTM parameters and page before the 201 with its id', async () => {
  const { app } = await appWith();
  const response = await postWithScript(app, 'request').send(validRequest());
  expect(response.status).toBe(201);
  expect(response.headers['cache-control']).toBe('no-store');
  const lead = await data().store().getLead(response.body.id);
  expect(lead).toMatchObject({
    form: 'request',
    page: '/request/?utm_source=vk',
    utm: { utm_source: 'yandex', utm_campaign: 'sites-2026' },
    fields: {
      name: 'Иван Петров',
      phone: '+7 (912) 345-67-89',
      email: 'ivan.petrov@example.ru',
      consent: true,
      message: 'Нужен интернет-магазин <b>чая</b>.',
    },
  });
  expect(Object.keys(lead!.fields)).not.toContain('_fillMs');
});

test('a plain HTML request form (urlencoded) is answered with a 303 to /success/request/', async () => {
  const { app } = await appWith();
  const response = await postWithoutJavaScript(app, 'request')
    .set('Referer', 'https://verf.test/request/?utm_source=telegram&utm_medium=post')
    .send({
      name: 'Анна',
      phone: '8 912 345 67 89',
      email: 'anna@почта.рф',
      consent: 'on',
      _startedAt: String(Date.now() - 60_000),
      website: '',
    });
  expect(response.status).toBe(303);
  expect(response.headers.location).toBe('/success/request/');
  const count = await data().store().countLeads();
  expect(count).toBeGreaterThan(0);
});

test('a request without JavaScript keeps the UTM parameters of the page it was posted from', async () => {
  const { app, logs } = await appWith();
  await postWithoutJavaScript(app, 'request')
    .set('Referer', 'https://verf.test/request/?utm_source=telegram&utm_medium=post')
    .send({ name: 'Анна', phone: '8 912 345 67 89', email: 'anna@example.ru', consent: 'on', _startedAt: String(Date.now() - 60_000) });
  const id = logs.lines.find((line) => line.msg === 'lead stored')?.leadId as string;
  expect((await data().store().getLead(id))?.utm).toEqual({ utm_source: 'telegram', utm_medium: 'post' });
});

test('an address at a Cyrillic domain, sent in the ASCII form a browser gives it, is stored as the visitor typed it', async () => {
  const { app } = await appWith();
  const response = await postWithScript(app, 'request').send({ ...validRequest(), email: 'ivan@xn--80a1acny.xn--p1ai' });
  expect(response.status).toBe(201);
  expect((await data().store().getLead(response.body.id))?.fields.email).toBe('ivan@почта.рф');
});

test('a multipart request with files streams them to disk and attaches them by content type', async () => {
  const { app } = await appWith();
  const response = await request(app)
    .post('/api/forms/request')
    .field({ name: 'Иван', phone: '+79123456789', email: 'ivan@example.ru', consent: 'on', _fillMs: '9000' })
    .attach('attachments', FILES.pdf, { filename: 'ТЗ на сайт.pdf', contentType: 'application/octet-stream' })
    .attach('attachments', FILES.png, { filename: 'макет.png' })
    .attach('attachments', FILES.txt, { filename: 'заметки.txt' });
  expect(response.status).toBe(201);
  const lead = await data().store().getLead(response.body.id);
  expect(lead?.attachments.map((file) => [file.name, file.type, file.size])).toEqual(
    expect.arrayContaining([
      ['ТЗ на сайт.pdf', 'application/pdf', FILES.pdf.length],
      ['макет.png', 'image/png', FILES.png.length],
      ['заметки.txt', 'text/plain', FILES.txt.length],
    ]),
  );
  const stored = lead!.attachments.find((file) => file.type === 'application/pdf')!;
  expect(readFileSync(path.join(data().dir, 'uploads', stored.id)).equals(FILES.pdf)).toBe(true);
});

test('validation errors are 422 with the §5 messages in Russian, per field', async () => {
  const { app } = await appWith();
  const response = await request(app).post('/api/forms/request').send({
    name: ' ',
    phone: '12',
    email: 'ivan@',
    consent: false,
    budget: 'миллион',
    _fillMs: 9000,
  });
  expect(response.status).toBe(422);
  expect(response.body.errors).toEqual({
    name: 'Поле обязательно для заполнения',
    phone: 'Телефон is not valid',
    email: 'Введите корректный email адрес',
    budget: 'Бюджет is not valid',
    consent: 'Необходимо выбрать поле',
  });
});

test('without JavaScript a rejected form returns to its page with the errors in Russian beside the fields', async () => {
  const { app } = await appWith();
  const response = await postWithoutJavaScript(app, 'subscribe').send({
    email: 'не почта',
    _page: '/subscribe/',
    _startedAt: String(Date.now() - 10_000),
  });
  expect(response.status).toBe(303);
  expect(response.headers.location).toMatch(/^\/subscribe\/\?_result=[0-9a-f-]{36}#subscribe-form-result$/);
  const page = await followResult(app, response);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.text).toContain('Проверьте поля формы: некоторые заполнены неверно.');
  expect(page.text).toContain('Введите корректный email адрес');
  expect(page.text).toContain('Необходимо выбрать поле');
});

test('without JavaScript the other forms confirm in place of the form, on the page they were sent from', async () => {
  const { app } = await appWith();
  const response = await postWithoutJavaScript(app, 'referral').send({
    referrerName: 'Ольга',
    referrerContact: 'olga@example.ru',
    companyName: 'Уралстанкомаш',
    companyContact: 'Пётр, +7 343 000-00-00',
    consent: 'on',
    _page: '/referral/',
    _startedAt: String(Date.now() - 10_000),
  });
  expect(response.status).toBe(303);
  expect(response.headers.location).toMatch(/^\/referral\/\?_result=[0-9a-f-]{36}#referral-form-result$/);
  expect((await followResult(app, response)).text).toContain('Спасибо за рекомендацию!');
});

test('internship needs a résumé file or a portfolio link', async () => {
  const { app } = await appWith();
  const base = {
    name: 'Мария Иванова',
    email: 'maria@example.ru',
    phone: '+7 999 000-11-22',
    direction: 'Тестирование',
    consent: true,
    _fillMs: 8000,
  };
  const neither = await request(app).post('/api/forms/internship').send(base);
  expect(neither.status).toBe(422);
  expect(neither.body.errors).toEqual({ portfolio: 'Поле обязательно для заполнения' });
  const link = await request(app)
    .post('/api/forms/internship')
    .send({ ...base, portfolio: 'behance.net/maria' });
  expect(link.status).toBe(201);
  const file = await request(app)
    .post('/api/forms/internship')
    .field({ ...base, consent: 'on', _fillMs: '8000' })
    .attach('resume', FILES.pdf, 'Резюме.pdf');
  expect(file.status).toBe(201);
  expect((await data().store().getLead(file.body.id))?.attachments.map((item) => item.field)).toEqual(['resume']);
});

test('a malformed body is 400, a wrong content type 415, an oversized body 413', async () => {
  const { app } = await appWith();
  const broken = await request(app)
    .post('/api/forms/subscribe')
    .set('Content-Type', 'application/json')
    .send('{"email": "ivan@example.ru",');
  expect(broken.status).toBe(400);
  expect(broken.body.error).toMatch(/Некорректный запрос/);
  expect((await request(app).post('/api/forms/subscribe').send([1, 2])).status).toBe(400);
  const text = await request(app).post('/api/forms/subscribe').set('Content-Type', 'text/plain').send('email=ivan@example.ru');
  expect(text.status).toBe(415);
  const huge = await request(app)
    .post('/api/forms/request')
    .send({ ...validRequest(), message: 'я'.repeat(70_000) });
  expect(huge.status).toBe(413);
  expect((await request(app).post('/api/forms/unknown').send({})).status).toBe(404);
  expect((await request(app).get('/api/forms/request')).status).toBe(405);
});

test('files are checked by content, size (units of 1024) and count, with Russian messages', async () => {
  const { app } = await appWith({ UPLOAD_MAX_FILE_MIB: '1', UPLOAD_MAX_FILES: '2' });
  const before = uploadsOnDisk().length;
  const fields = { name: 'Иван', phone: '+79123456789', email: 'ivan@example.ru', consent: 'on', _fillMs: '9000' };

  const disguised = await request(app).post('/api/forms/request').field(fields).attach('attachments', FILES.exe, 'договор.pdf');
  expect(disguised.status).toBe(422);
  expect(disguised.body.errors.attachments).toBe(
    'Недопустимый тип файла «договор.pdf». Можно загрузить: PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, RTF, TXT, PNG, JPG, ZIP',
  );

  const big = Buffer.concat([FILES.pdf, Buffer.alloc(1024 * 1024)]);
  const tooBig = await request(app).post('/api/forms/request').field(fields).attach('attachments', big, 'большой.pdf');
  expect(tooBig.status).toBe(413);
  expect(tooBig.body.errors.attachments).toBe('Файл «большой.pdf» больше допустимого размера 1 МБ');

  const tooMany = await request(app)
    .post('/api/forms/request')
    .field(fields)
    .attach('attachments', FILES.pdf, '1.pdf')
    .attach('attachments', FILES.pdf, '2.pdf')
    .attach('attachments', FILES.pdf, '3.pdf');
  expect(tooMany.status).toBe(422);
  expect(tooMany.body.errors.attachments).toBe('Maximum number of files exceeded, limit is 2 at most.');

  const invalid = await request(app)
    .post('/api/forms/request')
    .field({ ...fields, email: 'нет' })
    .attach('attachments', FILES.pdf, 'ok.pdf');
  expect(invalid.status).toBe(422);
  // Nothing of the rejected submissions is left on disk.
  expect(uploadsOnDisk().length).toBe(before);
});

test('the upload call stores files that a JSON submission then attaches, once', async () => {
  const { app } = await appWith();
  const upload = await request(app).post('/api/upload').attach('files', FILES.png, 'схема.png').attach('files', FILES.pdf, 'бриф.pdf');
  expect(upload.status).toBe(201);
  expect(upload.body.files.map((file: { name: string; type: string }) => [file.name, file.type])).toEqual([
    ['схема.png', 'image/png'],
    ['бриф.pdf', 'application/pdf'],
  ]);
  const ids = upload.body.files.map((file: { id: string }) => file.id);
  const submitted = await request(app)
    .post('/api/forms/request')
    .send({ ...validRequest(), attachments: ids });
  expect(submitted.status).toBe(201);
  expect((await data().store().getLead(submitted.body.id))?.attachments.map((file) => file.name)).toEqual(['схема.png', 'бриф.pdf']);
  const reused = await request(app)
    .post('/api/forms/request')
    .send({ ...validRequest(), attachments: [ids[0]] });
  expect(reused.status).toBe(422);
  expect(reused.body.errors.attachments).toBe('Файлы is not valid');
  expect((await request(app).post('/api/upload').send({ files: [] })).status).toBe(415);
  expect((await request(app).post('/api/upload').field('note', 'без файлов')).status).toBe(422);
});

test('upload ids of the wrong shape in a hand-made post get §5 messages, never the validation library text', async () => {
  const { app } = await appWith();
  for (const attachments of [['../../etc/passwd'], 'not-an-id', [42]]) {
    const response = await request(app)
      .post('/api/forms/request')
      .send({ ...validRequest(), attachments });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ attachments: 'Файлы is not valid' });
  }
  const page = await postWithoutJavaScript(app, 'request').send({ ...validRequest(), attachments: 'x'.repeat(36) });
  expect(page.status).toBe(303);
  const shown = await followResult(app, page);
  expect(shown.text).toContain('Файлы is not valid');
  expect(shown.text).not.toMatch(/Expected|received/);
});

test('a retry with the same Idempotency-Key answers the same id and stores one lead', async () => {
  const { app } = await appWith();
  const key = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff';
  const first = await request(app)
    .post('/api/forms/subscribe')
    .set('Idempotency-Key', key)
    .send({ email: 'ivan@example.ru', consent: true, _fillMs: 5000 });
  const second = await request(app)
    .post('/api/forms/subscribe')
    .set('Idempotency-Key', key)
    .send({ email: 'ivan@example.ru', consent: true, _fillMs: 5000 });
  expect(first.status).toBe(201);
  expect(second.body.id).toBe(first.body.id);
});

const spamCount = async (form: string, reason: string) =>
  (await register.getSingleMetric('leads_suspected_spam_total')?.get())?.values.find(
    (value) => value.labels.form === form && value.labels.reason === reason,
  )?.value ?? 0;

test('a post that looks automated is answered like any other and counted: sent too fast it is delivered, with the honeypot filled sent nowhere', async () => {
  const webhook = await startWebhookReceiver();
  try {
    const { app } = await appWith({ LEADS_WEBHOOK_URL: webhook.url, LEADS_WEBHOOK_SECRET: 'suspected-spam-test-secret' });
    const counted = { honeypot: await spamCount('subscribe', 'honeypot'), tooFast: await spamCount('subscribe', 'too fast') };
    const honeypot = await request(app)
      .post('/api/forms/subscribe')
      .send({ email: 'bot@example.ru', consent: true, website: 'http://spam.example', _fillMs: 60_000 });
    const tooFast = await request(app).post('/api/forms/subscribe').send({ email: 'bot@example.ru', consent: true, _fillMs: 400 });
    for (const [response, reason] of [
      [honeypot, 'honeypot'],
      [tooFast, 'too fast'],
    ] as const) {
      expect(response.status).toBe(201);
      expect(await data().store().getLead(response.body.id)).toMatchObject({ suspectedSpam: reason, fields: { email: 'bot@example.ru' } });
    }
    expect(await data().store().deliveriesOf(honeypot.body.id)).toEqual([]);
    expect((await data().store().deliveriesOf(tooFast.body.id)).map((delivery) => delivery.destination)).toEqual(['webhook']);
    expect(await spamCount('subscribe', 'honeypot')).toBe(counted.honeypot + 1);
    expect(await spamCount('subscribe', 'too fast')).toBe(counted.tooFast + 1);
  } finally {
    await webhook.close();
  }
});

test('a post without a fill time, from an integration or a plain HTML form, is judged like any other lead: stored and delivered', async () => {
  const webhook = await startWebhookReceiver();
  try {
    const { app } = await appWith({ LEADS_WEBHOOK_URL: webhook.url, LEADS_WEBHOOK_SECRET: 'integration-test-secret-42' });
    const integration = await request(app).post('/api/forms/subscribe').send({ email: 'crm@example.ru', consent: true });
    expect(integration.status).toBe(201);
    const plain = await postWithoutJavaScript(app, 'request').send({
      name: 'Анна',
      phone: '8 912 345 67 89',
      email: 'plain-form@example.ru',
      consent: 'on',
      website: '',
    });
    expect(plain.status).toBe(303);
    expect(await data().store().getLead(integration.body.id)).toMatchObject({ suspectedSpam: null, fields: { email: 'crm@example.ru' } });
    expect((await data().store().deliveriesOf(integration.body.id)).map((delivery) => delivery.destination)).toEqual(['webhook']);
    const invalid = await request(app).post('/api/forms/subscribe').send({ email: 'не почта', consent: true });
    expect(invalid.status).toBe(422);
  } finally {
    await webhook.close();
  }
});

test('too many posts from one address get 429 with Retry-After', async () => {
  const { app } = await appWith({ FORMS_RATE_LIMIT: '2', FORMS_RATE_WINDOW_SECONDS: '600' });
  const send = () => request(app).post('/api/forms/subscribe').send({ email: 'ivan@example.ru', consent: true, _fillMs: 5000 });
  expect((await send()).status).toBe(201);
  expect((await send()).status).toBe(201);
  const refusedAt = performance.now();
  const limited = await send();
  expect(limited.status).toBe(429);
  // Held before it goes out: a client flooding over a few connections asks once a second.
  expect(performance.now() - refusedAt).toBeGreaterThanOrEqual(REFUSAL_HOLD_MS - 20);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.body.error).toMatch(/Слишком много отправок/);
});

test('form fields never appear in the logs, whatever the outcome', async () => {
  const { app, logs } = await appWith();
  const secret = { name: 'Секретов Тайный', phone: '+7 900 111-22-33', email: 'tayny.sekretov@example.ru' };
  await request(app)
    .post('/api/forms/request')
    .send({ ...validRequest(), ...secret });
  await request(app)
    .post('/api/forms/request')
    .send({ ...secret, consent: false, _fillMs: 9000 });
  await request(app).post('/api/forms/request').set('Content-Type', 'application/json').send(`{"email": "${secret.email}", `);
  await request(app)
    .post('/api/forms/request')
    .type('form')
    .send({ ...secret, _startedAt: '1' });
  await request(app)
    .post('/api/forms/request')
    .field({ ...secret, consent: 'on', _fillMs: '9000' })
    .attach('attachments', FILES.exe, 'Секретов-паспорт.pdf');
  const written = JSON.stringify(logs.lines);
  expect(logs.lines.length).toBeGreaterThan(5);
  for (const value of [...Object.values(secret), 'Секретов', 'tayny', '900 111', 'паспорт']) expect(written).not.toContain(value);
});
