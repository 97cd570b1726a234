import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSqlite } from '../../server/platform/database/sqlite.ts';
import { LeadStore } from '../../server/features/leads/store.ts';
import request from 'supertest';

/** Smallest files of each kind the tests need, recognisable by their magic bytes. */
export const FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  txt: Buffer.from('Техническое задание: сайт-каталог, 40 страниц.\n'),
  /** A Windows program named like a document: refused by content. */
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126), Buffer.from('PE\0\0'), Buffer.alloc(200)]),
};

/** The Accept header of a browser's own form post or page load: a page first. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** `form` posted the way a browser without JavaScript posts it: urlencoded, asking for a page back. */
export const postWithoutJavaScript = (app: Parameters<typeof request>[0], form: string) =>
  request(app).post(`/api/forms/${form}`).set('Accept', BROWSER_ACCEPT).type('form');

/** `form` posted the way the site's script posts it: a JSON body, asking for JSON back. */
export const postWithScript = (app: Parameters<typeof request>[0], form: string) =>
  request(app).post(`/api/forms/${form}`).set('Accept', 'application/json');

/** A valid request-form submission as the site's script sends it. */
export const validRequest = () => ({
  name: '  Иван Петров ',
  phone: '+7 (912) 345-67-89',
  email: 'ivan.petrov@example.ru',
  company: 'ООО «Северный чай»',
  serviceType: 'Разработка сайтов',
  budget: '1–3 млн ₽',
  message: 'Нужен интернет-магазин <b>чая</b>.',
  consent: true,
  _fillMs: 12_000,
  _page: '/request/?utm_source=vk',
  utm: { utm_source: 'yandex', utm_campaign: 'sites-2026' },
});

export type LeadsDataDir = Awaited<ReturnType<typeof leadsDataDir>>;

/** `leadsDataDir()` made before the file's first test and removed after its last one. */
export function leadsDataDirPerFile(): () => LeadsDataDir {
  let data: LeadsDataDir | undefined;
  beforeAll(async () => {
    data = await leadsDataDir();
  });
  afterAll(async () => {
    await data?.cleanup();
  });
  return () => {
    if (data === undefined) throw new Error('the leads data folder is made before the first test');
    return data;
  };
}

/** A temporary data folder for one test file, and a reader of the SQLite store inside it. */
export async function leadsDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'leads-api-'));
  let store: LeadStore | undefined;
  return {
    dir,
    /** A second connection to the server's SQLite file, as an operator would read it. */
    store(): LeadStore {
      store ??= new LeadStore(openSqlite(path.join(dir, 'leads.sqlite')));
      return store;
    },
    async cleanup() {
      await store?.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Follows a form's 303 to the page showing its result, as the browser that posted it does: with
 * the cookie the answer set (decision 030). `withCookie: false` is another browser given the address.
 */
export function followResult(app: Parameters<typeof request>[0], response: request.Response, options: { withCookie?: boolean } = {}) {
  const location = String(response.headers.location);
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]);
  const page = request(app).get(location.split('#')[0]!).set('Accept', BROWSER_ACCEPT);
  return options.withCookie === false ? page : page.set('Cookie', cookies.join('; '));
}
