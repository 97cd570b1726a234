import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import { createLogger } from '../../server/platform/logging/logger.ts';
import { Purge, UNCLAIMED_UPLOAD_TTL_MS } from '../../server/features/leads/purge.ts';
import { openSqlite } from '../../server/platform/database/sqlite.ts';
import { DiskUploadFiles } from '../../server/features/leads/uploadFiles.ts';
import { UPLOAD_MESSAGES } from '../../shared/forms/uploads.ts';
import { uploadUsageOf } from '../support/leadStores.ts';
import { createTestApp } from '../support/testApp.ts';
import { FILES, leadsDataDir, leadsDataDirPerFile, validRequest } from './fixtures.ts';
import { eventually } from './receivers.ts';

/** Uploads that cannot hurt the server, its disk or the agency's inbox. */
const data = leadsDataDirPerFile();

const uploadsDir = () => path.join(data().dir, 'uploads');
const uploadsOnDisk = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : []);
/**
 * The files this process holds open (its descriptors that name a path: not the sockets and pipes,
 * which include the test's own client sockets).
 */
const openFiles = () =>
  readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith('/') ? [target] : [];
    } catch {
      return []; // closed while listed
    }
  });
const appWith = (env: Record<string, string> = {}) => createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_RATE_LIMIT: '1000', ...env });

async function listen(app: Parameters<typeof createServer>[1], requestTimeout: number): Promise<{ server: Server; port: number }> {
  // The production server cuts a stalled request after its request timeout; here a short one,
  // checked often, so a stalled upload is cut within the test.
  const server = createServer({ requestTimeout, connectionsCheckingInterval: 100 }, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Starts a multipart upload of a PDF over a raw socket and sends its first 256 KiB only. */
function startUpload(port: number): Socket {
  const boundary = 'raw-upload-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="бриф.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${2 * 1024 * 1024}\r\nAccept: application/json\r\n\r\n${head}`,
  );
  socket.write(Buffer.concat([FILES.pdf, Buffer.alloc(256 * 1024, 0x20)]));
  return socket;
}

test('uploads abandoned mid-body (disconnected or stalled) leave no open file and no partial file', async () => {
  const { app } = await appWith();
  const { server, port } = await listen(app, 1500);
  try {
    // One complete upload first opens the store and the folder, which stay open by design.
    const warmUp = await request(server).post('/api/upload').attach('files', FILES.pdf, 'бриф.pdf');
    expect(warmUp.status).toBe(201);
    const folderBefore = uploadsOnDisk();
    const filesBefore = openFiles();

    const sockets = Array.from({ length: 20 }, () => startUpload(port));
    // Every one of them is being written to disk as a `.part` file…
    await eventually(() => uploadsOnDisk().filter((name) => name.endsWith('.part')).length === 20, 30_000);
    expect(openFiles().filter((file) => file.startsWith(uploadsDir())).length).toBeGreaterThan(0);
    // …then half of the clients disconnect, the other half just stop sending.
    for (const socket of sockets.slice(0, 10)) socket.destroy();

    await eventually(() => openFiles().length <= filesBefore.length && uploadsOnDisk().join() === folderBefore.join(), 30_000);
    expect(openFiles().filter((file) => file.startsWith(uploadsDir()))).toEqual([]);
    for (const socket of sockets) socket.destroy();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}, 90_000);

test('past the upload quota files are refused with 507 in Russian, and leads are still stored', async () => {
  const { app, logs } = await appWith({ UPLOAD_QUOTA_MB: '1', TRUST_PROXY: '1' });
  // Five clients, each within its share (a fifth of the quota here), fill the quota together.
  const fifth = Buffer.concat([FILES.pdf, Buffer.alloc(180 * 1024, 0x20)]);
  for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'])
    expect((await uploadFrom(app, client, fifth, 'первый.pdf')).status, client).toBe(201);
  const folderBefore = uploadsOnDisk();

  const refused = await uploadFrom(app, '203.0.113.6', fifth, 'второй.pdf');
  expect(refused.status).toBe(507);
  expect(refused.body.error).toMatch(/не может принять файлы/);
  expect(refused.body.errors.files).toBe(UPLOAD_MESSAGES.quota);
  expect(uploadsOnDisk()).toEqual(folderBefore);

  const withFile = await request(app)
    .post('/api/forms/request')
    .field({ name: 'Иван', phone: '+79123456789', email: 'ivan@example.ru', consent: 'on', _fillMs: '9000' })
    .attach('attachments', fifth, 'ТЗ.pdf');
  expect(withFile.status).toBe(507);
  const withoutFile = await request(app).post('/api/forms/request').send(validRequest());
  expect(withoutFile.status).toBe(201);
  expect(await data().store().getLead(withoutFile.body.id)).toBeDefined();
  // A full quota is a refusal by design that anyone can provoke: a warning, never an error line.
  const refusals = logs.lines.filter((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 507);
  expect(refusals).toHaveLength(2);
  expect(refusals.every((line) => line.level === 40)).toBe(true);
  expect(logs.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
});

test('a file is named after what it is: an HTML page or an SVG sent as text arrives as .txt', async () => {
  const { app } = await appWith();
  const upload = await request(app)
    .post('/api/upload')
    .attach('files', Buffer.from('<html><script>alert(1)</script></html>\n'), 'offer.html')
    .attach('files', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'invoice.svg')
    .attach('files', Buffer.from('console.log(1)\n'), 'run')
    .attach('files', FILES.pdf, 'Бриф.PDF')
    .attach('files', FILES.png, 'макет.jpg');
  expect(upload.status).toBe(201);
  expect(upload.body.files.map((file: { name: string; type: string }) => [file.name, file.type])).toEqual([
    ['offer.txt', 'text/plain'],
    ['invoice.txt', 'text/plain'],
    ['run.txt', 'text/plain'],
    ['Бриф.PDF', 'application/pdf'],
    ['макет.png', 'image/png'],
  ]);
  const ids = upload.body.files.map((file: { id: string }) => file.id);
  const submitted = await request(app)
    .post('/api/forms/request')
    .send({ ...validRequest(), attachments: ids.slice(0, 1) });
  expect((await data().store().getLead(submitted.body.id))?.attachments.map((file) => file.name)).toEqual(['offer.txt']);
});

test('a type outside the list is refused whatever its name says: a program, a gzip archive', async () => {
  const { app } = await appWith();
  const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  for (const [bytes, name] of [
    [FILES.exe, 'договор.pdf'],
    [gzip, 'архив.zip'],
  ] as const) {
    const response = await request(app).post('/api/upload').attach('files', bytes, name);
    expect(response.status).toBe(422);
    expect(response.body.errors.files).toBe(UPLOAD_MESSAGES.type(name));
  }
});

test('an upload no submission claimed is gone an hour later, file and record', async () => {
  const { app } = await appWith();
  const upload = await request(app).post('/api/upload').attach('files', FILES.pdf, 'забытый.pdf');
  const id = upload.body.files[0].id as string;
  const files = new DiskUploadFiles(uploadsDir());
  const purge = (now: number) =>
    new Purge({
      store: data().store(),
      files,
      purgeAfterDays: 30,
      undeliveredPurgeAfterDays: 90,
      logger: createLogger('silent'),
      now: () => now,
    }).run();
  await purge(Date.now() + UNCLAIMED_UPLOAD_TTL_MS - 60_000);
  expect(await data().store().hasUpload(id)).toBe(true);
  await purge(Date.now() + UNCLAIMED_UPLOAD_TTL_MS + 60_000);
  expect(await data().store().hasUpload(id)).toBe(false);
  expect(uploadsOnDisk()).not.toContain(id);
  expect(UNCLAIMED_UPLOAD_TTL_MS).toBe(3_600_000);
});

test('an upload older than an hour can no longer be attached, even before the purge removed it', async () => {
  const { app } = await appWith();
  const upload = await request(app).post('/api/upload').attach('files', FILES.pdf, 'вчерашний.pdf');
  const id = upload.body.files[0].id as string;
  const db = openSqlite(path.join(data().dir, 'leads.sqlite'));
  await db.run('UPDATE uploads SET created_at = $1 WHERE id = $2', [Date.now() - UNCLAIMED_UPLOAD_TTL_MS - 60_000, id]);
  await db.close();
  const submitted = await request(app)
    .post('/api/forms/request')
    .send({ ...validRequest(), attachments: [id] });
  expect(submitted.status).toBe(422);
  expect(submitted.body.errors.attachments).toBe('Файлы is not valid');
});

test('bidi, zero-width and other invisible characters are removed from file names: the name shown is the name it has', async () => {
  const { app } = await appWith();
  const upload = await request(app)
    .post('/api/upload')
    .attach('files', FILES.pdf, 'brief\u202efdp.zip.pdf')
    .attach('files', FILES.pdf, 'счёт\u2066\u200b\u2069\u200f\ufeff.pdf')
    .attach('files', FILES.pdf, 'отчёт\u2028за год.pdf');
  expect(upload.status).toBe(201);
  expect(upload.body.files.map((file: { name: string }) => file.name)).toEqual(['brieffdp.zip.pdf', 'счёт.pdf', 'отчётза год.pdf']);
});

test('a text file is judged whole: valid text followed by a binary tail past 64 KiB is refused', async () => {
  const { app } = await appWith();
  const cleanStart = Buffer.from('текст '.repeat(20_000));
  const binaryTail = Buffer.concat([cleanStart, Buffer.from([0x00, 0x01, 0x02, 0x7f])]);
  const invalidUtf8Tail = Buffer.concat([cleanStart, Buffer.from([0xff, 0xfe])]);
  const cutCharacterAtEnd = Buffer.concat([cleanStart, Buffer.from([0xd0])]);
  for (const [content, name] of [
    [binaryTail, 'notes.txt'],
    [invalidUtf8Tail, 'notes2.txt'],
    [cutCharacterAtEnd, 'notes3.txt'],
  ] as const) {
    const upload = await request(app).post('/api/upload').attach('files', content, name);
    expect(upload.status, name).toBe(422);
  }
  const whole = await request(app).post('/api/upload').attach('files', cleanStart, 'notes.txt');
  expect(whole.status).toBe(201);
  expect(whole.body.files[0].type).toBe('text/plain');
});

/** One upload from the client whose address a trusted proxy forwards. */
const uploadFrom = (app: Parameters<typeof request>[0], client: string, file: Buffer, name = 'бриф.pdf') =>
  request(app).post('/api/upload').set('Accept', 'application/json').set('X-Forwarded-For', client).attach('files', file, name);

test('one client has an upload budget per window (files and bytes); other clients keep theirs', async () => {
  const { app, logs } = await appWith({ TRUST_PROXY: '1', UPLOAD_CLIENT_FILES: '3', UPLOAD_CLIENT_MB: '1' });
  expect((await uploadFrom(app, '203.0.113.7', FILES.pdf)).status).toBe(201);
  const twoMore = await request(app)
    .post('/api/upload')
    .set('X-Forwarded-For', '203.0.113.7')
    .attach('files', FILES.pdf, 'a.pdf')
    .attach('files', FILES.pdf, 'b.pdf');
  expect(twoMore.status).toBe(201);
  const fourth = await uploadFrom(app, '203.0.113.7', FILES.pdf);
  expect(fourth.status).toBe(429);
  expect(fourth.body.errors.files).toBe(UPLOAD_MESSAGES.clientBudget);
  expect((await uploadFrom(app, '203.0.113.8', FILES.pdf)).status).toBe(201);
  const tooBig = Buffer.concat([FILES.pdf, Buffer.alloc(1100 * 1024, 0x20)]);
  expect((await uploadFrom(app, '203.0.113.9', tooBig)).status).toBe(429);
  // A multipart lead's files count against the same budget.
  const lead = await request(app)
    .post('/api/forms/request')
    .set('Accept', 'application/json')
    .set('X-Forwarded-For', '203.0.113.7')
    .field({ name: 'Иван', phone: '+79123456789', email: 'ivan@example.ru', consent: 'on', _fillMs: '9000' })
    .attach('attachments', FILES.pdf, 'ТЗ.pdf');
  expect(lead.status).toBe(429);
  expect(logs.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
});

test('three clients each at their share of the upload quota leave most of it to everyone else', async () => {
  // A data folder of its own: the quota counts every upload the store holds.
  const own = await leadsDataDir();
  onTestFinished(() => own.cleanup());
  // One lead's files at most 2 MiB, a quota of 20 MiB: each client's share is 2 MiB (a tenth).
  const { app } = await createTestApp({
    LEADS_DATA_DIR: own.dir,
    FORMS_RATE_LIMIT: '1000',
    TRUST_PROXY: '1',
    UPLOAD_QUOTA_MB: '20',
    UPLOAD_MAX_FILES: '1',
    UPLOAD_MAX_FILE_MIB: '2',
  });
  const megabyte = Buffer.concat([FILES.pdf, Buffer.alloc(1024 * 1024 - FILES.pdf.length, 0x20)]);
  const clients = ['203.0.113.7', '198.51.100.20', '2001:db8:1:2::7'];
  for (const client of clients) {
    expect((await uploadFrom(app, client, megabyte)).status, client).toBe(201);
    expect((await uploadFrom(app, client, megabyte)).status, client).toBe(201);
    const more = await uploadFrom(app, client, FILES.pdf);
    expect(more.status, client).toBe(507);
    expect(more.body.errors.files).toBe(UPLOAD_MESSAGES.quota);
  }
  // The same IPv6 subscriber block is one client, whatever address inside it is used.
  expect((await uploadFrom(app, '2001:db8:1:2::8', FILES.pdf)).status).toBe(507);
  // Three clients at their limit hold 6 MiB of the 20: any other visitor's brief is still taken.
  expect((await uploadUsageOf(own.store(), 'nobody', 0)).totalBytes).toBe(6 * megabyte.length);
  for (const visitor of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
    expect((await uploadFrom(app, visitor, megabyte)).status, visitor).toBe(201);
});
