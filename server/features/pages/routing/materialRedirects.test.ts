import { expect, test } from 'vitest';
import { materialRedirects } from './materialRedirects.ts';

const rule = materialRedirects();
const apply = (path: string, search = '') => rule.apply({ path, search, hash: '' });

test('/projects/material and /blog/material, with or without slash, redirect to /projects/', () => {
  for (const path of ['/projects/material', '/projects/material/', '/blog/material', '/blog/material/']) {
    expect(apply(path), path).toEqual({ location: '/projects/', status: 301 });
  }
  expect(apply('/blog/material', '?a=1')).toEqual({ location: '/projects/?a=1', status: 301 });
});

test('material pages themselves are not redirected', () => {
  for (const path of ['/material/blog/kak-vybrat-cms/', '/material/projects/x/', '/blog/materials/', '/projects/']) {
    expect(apply(path), path).toBeNull();
  }
});
