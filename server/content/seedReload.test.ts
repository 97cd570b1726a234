import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { eventually } from '../../tests/forms/receivers.ts';
import { loadConfig } from '../config/env.ts';
import { SEED_DIR } from '../content-service/loadSeed.ts';
import { createLogger } from '../logging/logger.ts';
import { createContentStack } from './contentStack.ts';

const ARTICLE = 'chek-list-ux-audita';
const OLD_TITLE = 'Чек-лист UX-аудита сайта: 35 пунктов, которые мы проверяем';
const NEW_TITLE = 'Чек-лист UX-аудита сайта: правка в seed';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the seed an editor may change, and the embedded content stack reading it. */
async function editableSeed() {
  const dir = await mkdtemp(path.join(tmpdir(), 'seed-'));
  folders.push(dir);
  await cp(SEED_DIR, dir, { recursive: true });
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://verf.test' });
  const stack = createContentStack(config, createLogger('silent'), undefined, dir);
  const file = path.join(dir, 'articles', `${ARTICLE}.md`);
  const edit = async (change: (text: string) => string) => writeFile(file, change(await readFile(file, 'utf8')));
  return { stack, edit };
}

test('the embedded service reads its seed again when content is published', async () => {
  const { stack, edit } = await editableSeed();
  expect((await stack.client.article(ARTICLE))?.title).toBe(OLD_TITLE);
  await edit((text) => text.replace(OLD_TITLE, NEW_TITLE));
  // Not before the publish: the cached copy stands.
  expect((await stack.client.article(ARTICLE))?.title).toBe(OLD_TITLE);
  stack.client.expireCache();
  expect((await stack.client.article(ARTICLE))?.title).toBe(NEW_TITLE);
});

test('a seed an edit broke is not read in: the last good one is served', async () => {
  const { stack, edit } = await editableSeed();
  await stack.client.article(ARTICLE);
  await edit((text) => text.replace(/^slug: .*$/m, 'slug: Not A Slug'));
  stack.client.expireCache();
  expect((await stack.client.article(ARTICLE))?.title).toBe(OLD_TITLE);
});

test('an edit in the seed folder is noticed without a restart (npm run dev)', async () => {
  const { stack, edit } = await editableSeed();
  let changes = 0;
  const stop = stack.watchSeed!(() => (changes += 1));
  try {
    await edit((text) => text.replace(OLD_TITLE, NEW_TITLE));
    await eventually(() => changes === 1, 10_000);
    expect(changes).toBe(1);
  } finally {
    stop();
  }
});
