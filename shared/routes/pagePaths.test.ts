import { expect, test } from 'vitest';
import { trailingSlash } from '../../server/features/pages/routing/trailingSlash.ts';
import { withTrailingSlash } from './links.ts';
import { isPagePath, NOT_PAGE_PATHS, NOT_PAGE_PREFIXES } from './pagePaths.ts';
import * as serverMounts from './serverMounts.ts';

const redirectRule = trailingSlash();

test('trees and single paths that are not pages, and files, are not page paths', () => {
  for (const prefix of NOT_PAGE_PREFIXES) {
    expect(isPagePath(prefix), prefix).toBe(false);
    expect(isPagePath(`${prefix}/anything/below`), prefix).toBe(false);
    expect(isPagePath(`${prefix}x`), `${prefix}x`).toBe(true);
  }
  for (const single of NOT_PAGE_PATHS) {
    expect(isPagePath(single), single).toBe(false);
    expect(isPagePath(`${single}/below`), single).toBe(true);
  }
  expect(isPagePath('/robots.txt')).toBe(false);
  expect(isPagePath('/.well-known/security.txt')).toBe(false);
  expect(isPagePath('/blog/seo')).toBe(true);
  expect(isPagePath('/material/blog/v1.2-release')).toBe(true);
});

test('every address the server mounts, and everything below a tree, is left alone by the page rules', () => {
  const mounts = Object.values(serverMounts).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry)));
  expect(mounts).toContain('/metrics');
  for (const path of mounts) expect(isPagePath(path), path).toBe(false);
});

test('§2: the link rule and the redirect rule agree on every path: a link never earns a redirect', () => {
  const paths = [
    '/about',
    '/blog/seo',
    '/api',
    '/api/forms/request',
    '/apiary',
    '/_ipx/w_320/images/a.png',
    '/builds/latest.json',
    '/builds',
    '/assets/shell.js',
    '/assets',
    '/healthz',
    '/readyz',
    '/metrics',
    '/healthz-check',
    '/robots.txt',
    '/images/a.png',
    '/.env',
    '/services/prodvizhenie/seo',
  ];
  for (const path of paths) {
    const link = withTrailingSlash(path);
    // The redirect rule is silent on the link's path exactly when the link kept its path or gained the slash it would add.
    expect(redirectRule.apply({ path: link, search: '', hash: '' }), path).toBeNull();
    expect(link === path, path).toBe(!isPagePath(path));
  }
});
