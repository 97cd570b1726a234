import { expect, test } from 'vitest';
import { batches, purgeTagsOf } from './purgers.ts';

test('a revalidation purges its tags, its paths by their tags, or the tag every response carries', () => {
  expect(purgeTagsOf({ tags: ['articles'] })).toEqual(['articles']);
  expect(purgeTagsOf({ paths: ['/blog/'] })).toEqual(['path:/blog/', 'path:/blog']);
  expect(purgeTagsOf({ all: true })).toEqual(['site']);
  expect(batches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
});
