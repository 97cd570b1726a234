import { expect, test } from 'vitest';
import { ANCHORS, isAnchorId, vacancyAnchor } from '../../../../shared/browser/anchors.ts';
import { elementAnchor } from './elementAnchor.ts';
import { resolveRedirect } from './routingRules.ts';
import { trailingSlash } from './trailingSlash.ts';

const rule = elementAnchor();
const apply = (path: string, search = '') => rule.apply({ path, search, hash: '' });

test('element_anchor_id becomes the fragment, every other pair kept byte for byte and in order (§5)', () => {
  expect(apply('/', '?element_anchor_id=tariffs')).toEqual({ location: '/#tariffs', status: 302 });
  expect(apply('/career/', '?utm_source=mail&element_anchor_id=internship&utm_campaign=%D0%B7%D0%B8%D0%BC%D0%B0+2026')).toEqual({
    location: '/career/?utm_source=mail&utm_campaign=%D0%B7%D0%B8%D0%BC%D0%B0+2026#internship',
    status: 302,
  });
  // The name and value as URLSearchParams reads them; the first value is the one the client reads.
  expect(apply('/', '?element%5Fanchor%5Fid=tari%66fs&a=1&element_anchor_id=internship')).toEqual({
    location: '/?a=1#tariffs',
    status: 302,
  });
});

test('a value that cannot be an anchor id is dropped by the same redirect', () => {
  for (const value of ['', '%3Cscript%3E', 'a+b', '1tariffs', '%E2%80%AE', 'x'.repeat(101), '%zz', '%23tariffs']) {
    expect(apply('/about/', `?a=1&element_anchor_id=${value}&b=2`), value).toEqual({ location: '/about/?a=1&b=2', status: 302 });
  }
  expect(apply('/about/', '?element_anchor_id')).toEqual({ location: '/about/', status: 302 });
});

test('URLs without the parameter, and paths that are no pages, are left alone', () => {
  expect(apply('/')).toBeNull();
  expect(apply('/blog/', '?page=2&element_anchor=tariffs&xelement_anchor_id=1')).toBeNull();
  expect(apply('/robots.txt', '?element_anchor_id=tariffs')).toBeNull();
  expect(apply('/api/forms/request', '?element_anchor_id=tariffs')).toBeNull();
});

test('every anchor the pages have is an anchor id; markup and long values are not', () => {
  for (const id of [...Object.values(ANCHORS), vacancyAnchor('frontend-razrabotchik'), 'ui-kit-feedback', 'documents-toc']) {
    expect(isAnchorId(id), id).toBe(true);
  }
  for (const id of ['', '-a', '9a', 'a b', 'a"b', 'вакансия', 'a'.repeat(101)]) expect(isAnchorId(id), id).toBe(false);
  // Linear in the length of the value: a long near-miss is refused at once.
  expect(isAnchorId(`${'a'.repeat(100_000)}!`)).toBe(false);
});

test('the fragment survives a later rule whose target has none, as a browser keeps it across a redirect', async () => {
  const start = { path: '/about', search: '?element_anchor_id=tariffs&a=1', hash: '' };
  expect(await resolveRedirect([rule, trailingSlash()], start)).toEqual({ location: '/about/?a=1#tariffs', status: 302, offSite: false });
});
