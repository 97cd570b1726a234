import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { SEED_DIR } from './service/loadSeed.ts';
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
  // As `sed -i` and editors' atomic saves do: a new file written beside, renamed over the old one.
  const renameSave = async (change: (text: string) => string) => {
    const temporary = path.join(dir, 'articles', `.${ARTICLE}.md.swp`);
    await writeFile(temporary, change(await readFile(file, 'utf8')));
    await rename(temporary, file);
  };
  return { stack, edit, renameSave };
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
  let noticed: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => (noticed = resolve));
  const stop = stack.watchSeed!(() => noticed());
  try {
    await stop.ready;
    await edit((text) => text.replace(OLD_TITLE, NEW_TITLE));
    await seen;
    stack.client.expireCache();
    expect((await stack.client.article(ARTICLE))?.title).toBe(NEW_TITLE);
  } finally {
    stop();
  }
});

test('every save by rename is noticed, not only the first (npm run dev)', async () => {
  const { stack, renameSave } = await editableSeed();
  const notices: (() => void)[] = [];
  const nextNotice = () => new Promise<void>((resolve) => notices.push(resolve));
  let pending = nextNotice();
  const stop = stack.watchSeed!(() => {
    notices.shift()?.();
    pending = nextNotice();
  });
  const titleAfterPublish = async () => {
    stack.client.expireCache();
    return (await stack.client.article(ARTICLE))?.title;
  };
  try {
    await stop.ready;
    for (const save of [1, 2, 3]) {
      const title = `Правка номер ${save}`;
      await renameSave((text) => text.replace(/^title: .*$/m, `title: ${title}`));
      // A notice for this save: the one after which the seed reads the new title (the watcher
      // may also report the temporary file on its own, a notice too early for the rename).
      do await pending;
      while ((await titleAfterPublish()) !== title);
      expect(await titleAfterPublish()).toBe(title);
    }
  } finally {
    stop();
  }
});
