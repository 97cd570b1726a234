import { expect, test } from 'vitest';
import { RELATED_IN_A_ROW, relatedTo } from './relatedDocuments.ts';

const documents = (...slugs: string[]) => slugs.map((slug) => ({ slug }));

test("the related documents leave out the page's own and keep their order, one row of the card grid at most", () => {
  expect(RELATED_IN_A_ROW).toBe(3);
  expect(relatedTo({ slug: 'b' }, documents('a', 'b', 'c', 'd', 'e'))).toEqual(documents('a', 'c', 'd'));
  expect(relatedTo({ slug: 'z' }, documents('a', 'b', 'c', 'd'))).toEqual(documents('a', 'b', 'c'));
  expect(relatedTo({ slug: 'a' }, documents('a'))).toEqual([]);
});
