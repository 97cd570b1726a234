import { expect, test } from 'vitest';
import { fakeContent } from '../../../../tests/routing/fakeContent.ts';
import { createLogger } from '../../../platform/logging/logger.ts';
import { redirectAuthor } from './redirectAuthor.ts';

const authors = [
  { id: 3, slug: 'ekaterina-belova' },
  { id: 9, slug: null },
  { id: 12, slug: 'redaktsiya' },
];
const deps = (content = fakeContent({ authors })) => ({ content, publicBaseUrl: 'https://verf.test', logger: createLogger('silent') });
const run = (id: string, search = '', content = fakeContent({ authors })) =>
  redirectAuthor(deps(content))({ routeId: 'blog-author', params: { id }, target: { path: `/blog/author/${id}/`, search, hash: '' } });

test('a known author id redirects 301 to the author page by slug, keeping the query', async () => {
  expect(await run('3')).toEqual({ location: '/blog/author/ekaterina-belova/', status: 301 });
  expect(await run('12', '?page=2')).toEqual({ location: '/blog/author/redaktsiya/?page=2', status: 301 });
});

test('an id without a slug, an unknown id and a slug are left to the page', async () => {
  expect(await run('9')).toBeNull();
  expect(await run('17')).toBeNull();
  const content = fakeContent({ authors });
  expect(await run('redaktsiya', '', content)).toBeNull();
  expect(content.calls).toEqual([]);
});

test('an outage of the author map is no redirect (the page reports it)', async () => {
  expect(await run('3', '', fakeContent({ down: true }))).toBeNull();
});
