import request from 'supertest';
import { expect, test } from 'vitest';
import { UPLOAD_MESSAGES } from '../../shared/forms/uploads.ts';
import { createTestApp } from '../support/testApp.ts';
import { FILES, leadsDataDirPerFile } from './fixtures.ts';

/**
 * The upload limits have one source, the server's configuration (UPLOAD_MAX_FILES,
 * UPLOAD_MAX_FILE_MIB): the page states them, the browser's check gets them with the root
 * data, and the server enforces the same numbers.
 */
const data = leadsDataDirPerFile();

/** The request form's file hint as a visitor reads it (React's text separators removed). */
async function fileHint(app: Parameters<typeof request>[0]): Promise<string | undefined> {
  const html = (await request(app).get('/request/')).text.replace(/<!--.*?-->/g, '');
  return /(До \d+ файл\S*, каждый не больше [^:]+):/.exec(html)?.[1];
}

async function rootUploadLimits(app: Parameters<typeof request>[0]): Promise<unknown> {
  const response = await request(app).get('/request/?_data=root');
  return (response.body as { loaderData: { root: { uploadLimits: unknown } } }).loaderData.root.uploadLimits;
}

test('by default the request form states and checks 5 files of 10 МБ each, as the server does', async () => {
  const { app, config } = await createTestApp({ LEADS_DATA_DIR: data().dir });
  expect(await fileHint(app)).toBe('До 5 файлов, каждый не больше 10 МБ');
  expect(await rootUploadLimits(app)).toEqual({ maxFiles: config.forms.maxFiles, maxFileBytes: config.forms.maxFileBytes });
});

test('changing UPLOAD_MAX_FILES and UPLOAD_MAX_FILE_MIB changes what the browser is told and what the server enforces', async () => {
  const { app } = await createTestApp({ LEADS_DATA_DIR: data().dir, UPLOAD_MAX_FILES: '2', UPLOAD_MAX_FILE_MIB: '1' });
  expect(await fileHint(app)).toBe('До 2 файлов, каждый не больше 1 МБ');
  expect(await rootUploadLimits(app)).toEqual({ maxFiles: 2, maxFileBytes: 1024 * 1024 });

  const fields = { name: 'Иван', phone: '+79123456789', email: 'ivan@example.ru', consent: 'on', _fillMs: '9000' };
  let post = request(app).post('/api/forms/request').field(fields);
  for (const name of ['1.pdf', '2.pdf', '3.pdf']) post = post.attach('attachments', FILES.pdf, name);
  const tooMany = await post;
  expect(tooMany.status).toBe(422);
  expect(tooMany.body.errors.attachments).toBe(UPLOAD_MESSAGES.count(2));
  expect(UPLOAD_MESSAGES.count(2)).toBe('Maximum number of files exceeded, limit is 2 at most.');
});

test('a file of exactly the size limit, which the page lets through, is accepted; one byte more is refused', async () => {
  const { app, config } = await createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_RATE_LIMIT: '1000' });
  const atLimit = Buffer.concat([FILES.pdf, Buffer.alloc(config.forms.maxFileBytes - FILES.pdf.length, 0x20)]);
  const upload = (file: Buffer) => request(app).post('/api/upload').set('Accept', 'application/json').attach('files', file, 'бриф.pdf');
  const accepted = await upload(atLimit);
  expect(accepted.status).toBe(201);
  expect(accepted.body.files[0].size).toBe(10 * 1024 * 1024);
  const over = await upload(Buffer.concat([atLimit, Buffer.from(' ')]));
  expect(over.status).toBe(413);
  expect(over.body.errors.files).toBe(UPLOAD_MESSAGES.size('бриф.pdf', config.forms.maxFileBytes));
});
