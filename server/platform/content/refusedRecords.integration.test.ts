import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'prom-client';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { captureLogs } from '../../../tests/support/captureLogs.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { loadConfig } from '../config/env.ts';
import { SEED_DIR } from './service/loadSeed.ts';
import { createLogger } from '../logging/logger.ts';
import { SIGNATURE_HEADER, signRevalidation } from '../../features/revalidation/signature.ts';
import { createContentStack } from './contentStack.ts';

const SECRET = 'revalidate-secret-0123456789';
const BROKEN = 'chek-list-ux-audita';
const BROKEN_TITLE = 'Чек-лист UX-аудита сайта: 35 пунктов, которые мы проверяем';
const EDITED = 'kak-vybrat-cms';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The site over the embedded service reading a copy of the seed an editor may change. */
async function siteOverEditableSeed() {
  const dir = await mkdtemp(path.join(tmpdir(), 'seed-'));
  folders.push(dir);
  await cp(SEED_DIR, dir, { recursive: true });
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://verf.test' });
  const { logs, stream } = captureLogs();
  const stack = createContentStack(config, createLogger('info', stream), undefined, dir);
  const { app } = await createTestApp(
    { REVALIDATE_SECRET: SECRET, PAGE_CACHE_MAX_MB: '0' },
    { content: stack.client, contentRouter: stack.router, previewContent: stack.previewClient },
  );
  const edit = async (slug: string, change: (text: string) => string) => {
    const file = path.join(dir, 'articles', `${slug}.md`);
    await writeFile(file, change(await readFile(file, 'utf8')));
  };
  const publish = (slug: string) => {
    const text = JSON.stringify({ data: { type: 'articles', id: slug } });
    return request(app)
      .post('/api/revalidate')
      .set('Content-Type', 'application/json')
      .set(SIGNATURE_HEADER, signRevalidation(text, SECRET))
      .send(text);
  };
  return { app, logs, edit, publish };
}

const refusedCount = async () =>
  (await register.getSingleMetric('content_validation_failures_total')!.get()).values
    .filter((value) => value.labels.type === 'articles' && value.labels.outcome === 'record-refused')
    .reduce((sum, value) => sum + value.value, 0);

test('a broken record is refused by name with its reason, counted and logged; its last good copy stays and the next publish lands', async () => {
  const { app, logs, edit, publish } = await siteOverEditableSeed();
  const before = await refusedCount();
  await edit(BROKEN, (text) => text.replace(/^authorId: .*$/m, 'authorId: "seven"'));
  const refused = await publish(BROKEN);
  expect(refused.status).toBe(422);
  expect(refused.body.error).toMatch(/Запись не принята/);
  expect(refused.body.refused).toEqual([
    { type: 'articles', id: BROKEN, reason: expect.stringMatching(/^articles\/chek-list-ux-audita\.md: authorId: /) },
  ]);
  // Once, though a publish reads the seed twice (its check, then the expiry).
  expect(await refusedCount()).toBe(before + 1);
  expect(
    logs.lines.some((line) => line.msg === 'seed record refused: its last good copy is served' && line.file === `articles/${BROKEN}.md`),
  ).toBe(true);
  expect((await request(app).get(`/material/blog/${BROKEN}/`)).text).toContain(BROKEN_TITLE.slice(0, 20));

  const newTitle = 'Как выбрать CMS: правка, опубликованная рядом со сломанной записью';
  await edit(EDITED, (text) => text.replace(/^title: .*$/m, `title: "${newTitle}"`));
  const landed = await publish(EDITED);
  expect(landed.status).toBe(202);
  expect((await request(app).get(`/material/blog/${EDITED}/`)).text).toContain(newTitle);
  // The broken one still shows its last good copy.
  expect((await request(app).get(`/material/blog/${BROKEN}/`)).status).toBe(200);
});
