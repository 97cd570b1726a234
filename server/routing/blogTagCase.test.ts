import { expect, test } from 'vitest';
import { fakeContent } from '../../tests/routing/fakeContent.ts';
import { createLogger } from '../logging/logger.ts';
import { blogTagCase } from './blogTagCase.ts';

const tags = [
  { slug: 'seo', title: 'SEO' },
  { slug: 'razrabotka', title: 'Разработка' },
];
const rule = (content = fakeContent({ tags })) =>
  blogTagCase({ content, publicBaseUrl: 'https://verf.test', logger: createLogger('silent') });

test('a blog tag in another case redirects to the known slug, keeping the query', async () => {
  expect(await rule().apply({ path: '/blog/SEO/', search: '', hash: '' })).toEqual({ location: '/blog/seo/', status: 301 });
  expect(await rule().apply({ path: '/blog/RazRabotka/', search: '?page=2', hash: '' })).toEqual({
    location: '/blog/razrabotka/?page=2',
    status: 301,
  });
  expect(await rule().apply({ path: '/blog/%53EO/', search: '', hash: '' })).toEqual({ location: '/blog/seo/', status: 301 });
});

test('the known case, unknown tags, other blog paths and an outage are left to the page', async () => {
  for (const path of ['/blog/seo/', '/blog/KOTIKI/', '/blog/', '/blog/author/3/', '/material/blog/x/']) {
    expect(await rule().apply({ path, search: '', hash: '' }), path).toBeNull();
  }
  expect(await rule(fakeContent({ down: true })).apply({ path: '/blog/SEO/', search: '', hash: '' })).toBeNull();
});
