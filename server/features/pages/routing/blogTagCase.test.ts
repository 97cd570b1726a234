import { expect, test } from 'vitest';
import { fakeContent } from '../../../../tests/routing/fakeContent.ts';
import { createLogger } from '../../../platform/logging/logger.ts';
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
});

test('while the tag list cannot be read an uppercase slug is still lowercased (§5), and a lowercase one is left to the page', async () => {
  const down = rule(fakeContent({ down: true }));
  expect(await down.apply({ path: '/blog/SEO/', search: '?page=2', hash: '' })).toEqual({ location: '/blog/seo/?page=2', status: 301 });
  expect(await down.apply({ path: '/blog/Dizayn/', search: '', hash: '' })).toEqual({ location: '/blog/dizayn/', status: 301 });
  expect(await down.apply({ path: '/blog/seo/', search: '', hash: '' })).toBeNull();
  expect(await down.apply({ path: '/blog/foo/', search: '', hash: '' })).toBeNull();
});
