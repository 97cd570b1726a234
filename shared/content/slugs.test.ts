import { expect, test } from 'vitest';
import { isAuthorId, isSlug, matchBlogTag, matchProjectFilter, servicePathOf } from './slugs.ts';

const tags = [{ slug: 'seo' }, { slug: 'razrabotka' }];

test('§5: a blog tag is compared case-insensitively and a case mismatch names the known tag', () => {
  expect(matchBlogTag(tags, 'seo')).toEqual({ kind: 'found', tag: { slug: 'seo' } });
  expect(matchBlogTag(tags, 'SEO')).toEqual({ kind: 'moved', tag: { slug: 'seo' } });
  expect(matchBlogTag(tags, 'RazRabotka')).toEqual({ kind: 'moved', tag: { slug: 'razrabotka' } });
  expect(matchBlogTag(tags, 'kotiki')).toEqual({ kind: 'unknown' });
  expect(matchBlogTag(tags, 'SEO<')).toEqual({ kind: 'unknown' });
});

test('§5: a project filter must match exactly', () => {
  expect(matchProjectFilter([{ slug: 'medicine' }], 'medicine')).toEqual({ slug: 'medicine' });
  expect(matchProjectFilter([{ slug: 'medicine' }], 'Medicine')).toBeNull();
});

test('slug shapes: lowercase Latin, digits and single hyphens', () => {
  for (const good of ['seo', '3d-dizayn', 'a1-b2']) expect(isSlug(good), good).toBe(true);
  for (const bad of ['', 'SEO', '-seo', 'seo-', 'se--o', 'сео', 'a/b', '../x', 'a'.repeat(101)]) expect(isSlug(bad), bad).toBe(false);
});

test('service paths: one to four segments, slashes around them ignored', () => {
  expect(servicePathOf('prodvizhenie/seo/')).toBe('prodvizhenie/seo');
  expect(servicePathOf('/razrabotka/razrabotka-saytov/razrabotka-lendinga/')).toBe('razrabotka/razrabotka-saytov/razrabotka-lendinga');
  for (const bad of [undefined, '', 'prodvizhenie//seo', '../etc', 'a/b/c/d/e', 'SEO']) expect(servicePathOf(bad), String(bad)).toBeNull();
});

test('author ids are digits only', () => {
  expect(isAuthorId('12')).toBe(true);
  for (const bad of ['-1', '1.5', '1e1', 'redaktsiya', '', '1234567']) expect(isAuthorId(bad), bad).toBe(false);
});
