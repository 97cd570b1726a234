import { is, object } from 'superstruct';
import { expect, test } from 'vitest';
import { attributeNames, documentAttributes, seedAttributes } from './attributeForms.ts';
import { CONTENT_TYPES } from './contentTypes.ts';

const article = { slug: 'kak-vybrat-cms', title: 'Как выбрать CMS', description: 'Коротко о выборе', date: '2026-03-14' };
const served = { ...article, readingMinutes: 4, cover: '/images/articles/kak-vybrat-cms.png' };

test('an article resource has its written, optional and computed attributes, and its Markdown body last', () => {
  expect(attributeNames(CONTENT_TYPES.articles)).toEqual([
    'slug',
    'title',
    'description',
    'date',
    'updated',
    'readingMinutes',
    'cover',
    'body',
  ]);
  expect(attributeNames(CONTENT_TYPES['article-filters'])).toEqual(['slug', 'title']);
});

test('in the seed an optional attribute may be left out but not written null, and nothing computed is accepted', () => {
  const Seed = object(seedAttributes(CONTENT_TYPES.articles));
  expect(is(article, Seed)).toBe(true);
  expect(is({ ...article, updated: '2026-04-01' }, Seed)).toBe(true);
  expect(is({ ...article, updated: null }, Seed)).toBe(false);
  expect(is({ ...article, readingMinutes: 4 }, Seed)).toBe(false);
});

test('in a document an optional attribute left out is null, and the computed ones are there', () => {
  const Document = object(documentAttributes(CONTENT_TYPES.articles));
  expect(is({ ...served, updated: null }, Document)).toBe(true);
  expect(is({ ...served, updated: '2026-04-01' }, Document)).toBe(true);
  expect(is(served, Document)).toBe(false);
  expect(is({ ...article, updated: null }, Document)).toBe(false);
});

test('both forms keep the field rules: a malformed date is refused in the seed and in a document', () => {
  expect(is({ ...article, date: '14.03.2026' }, object(seedAttributes(CONTENT_TYPES.articles)))).toBe(false);
  expect(is({ ...served, updated: '2026-13-01' }, object(documentAttributes(CONTENT_TYPES.articles)))).toBe(false);
});
