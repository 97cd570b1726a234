import { expect, test } from 'vitest';
import { inProcessTransport } from '../contentStack.ts';
import { loadSeed } from '../service/loadSeed.ts';
import { createContentService } from '../service/service.ts';
import { ContentClient } from './contentClient.ts';
import { contentTag, withContentTags } from './contentTags.ts';

const seed = loadSeed();
const article = seed.articles.find((one) => one.slug === 'chek-list-ux-audita')!;

function embeddedClient() {
  const service = createContentService(seed, '/api/content');
  return new ContentClient({
    baseUrl: 'http://site.test/api/content',
    transport: inProcessTransport(service, '/api/content'),
    timeoutMs: 2000,
    cacheTtlMs: 60_000,
    logger: { warn: () => undefined },
  });
}

/** The tags the article's own document carries: itself, its author and its tags (included). */
const articleTags = ['articles:chek-list-ux-audita', `authors:${article.authorId}`, ...article.tags.map((tag) => `article-filters:${tag}`)];

test('a loader that reads a record and a collection yields exactly their tags', async () => {
  const content = embeddedClient();
  const loader = async () => {
    await content.article('chek-list-ux-audita');
    await content.articleFilters();
  };
  const first = withContentTags(loader);
  await first.result;
  expect([...first.tags].sort()).toEqual([...articleTags, 'article-filters'].sort());
  // Answered from the content cache the second time: the same tags, not none.
  const second = withContentTags(loader);
  await second.result;
  expect([...second.tags].sort()).toEqual([...first.tags].sort());
});

test('two concurrent scopes keep their own tags', async () => {
  const content = embeddedClient();
  const [a, b] = [withContentTags(() => content.vacancies()), withContentTags(() => content.page('contacts'))];
  await Promise.all([a.result, b.result]);
  expect([...a.tags]).toEqual(['vacancies']);
  expect([...b.tags]).toEqual(['pages:contacts']);
});

test('a record that does not exist is tagged with its own name, so its publication purges its 404 page', async () => {
  const content = embeddedClient();
  const { result, tags } = withContentTags(() => content.article('not-written-yet'));
  expect(await result).toBeNull();
  expect([...tags]).toEqual(['articles:not-written-yet']);
});

test('a tag with a character a purge target refuses becomes a digest of it', () => {
  expect(contentTag('articles', 'x')).toBe('articles:x');
  const odd = contentTag('articles', 'a b,c');
  expect(odd).toMatch(/^h:[\w-]{22}$/);
  expect(contentTag('articles', 'a b,c')).toBe(odd);
});
