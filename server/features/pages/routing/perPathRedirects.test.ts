import { expect, test } from 'vitest';
import { fakeContent } from '../../../../tests/routing/fakeContent.ts';
import { createLogger } from '../../../platform/logging/logger.ts';
import { perPathRedirects } from './perPathRedirects.ts';

const logger = createLogger('silent');
const redirects = {
  '/portfolio/': '/projects/',
  '/hh/': 'https://hh.ru/employer/4821937',
  '/own-origin/': 'https://verf.test/career/?from=old#internship',
  '/evil/': 'javascript:alert(1)',
  '/double-slash/': '//evil.example/',
  '/anchor/': '/career/#internship',
};
const rule = (content = fakeContent({ redirects })) => perPathRedirects({ content, publicBaseUrl: 'https://verf.test', logger });

test('a relative target is followed inside the app, keeping the query, with or without the slash', async () => {
  const apply = rule().apply;
  expect(await apply({ path: '/portfolio', search: '?a=1', hash: '' })).toEqual({ location: '/projects/?a=1', status: 301 });
  expect(await apply({ path: '/portfolio/', search: '', hash: '' })).toEqual({ location: '/projects/', status: 301 });
  expect(await apply({ path: '/anchor/', search: '?x=1', hash: '' })).toEqual({ location: '/career/?x=1#internship', status: 301 });
});

test('an absolute target on another site sends the browser there', async () => {
  expect(await rule().apply({ path: '/hh/', search: '', hash: '' })).toEqual({
    location: 'https://hh.ru/employer/4821937',
    status: 301,
    offSite: true,
  });
});

test('an absolute target on our own origin is treated as a path', async () => {
  expect(await rule().apply({ path: '/own-origin/', search: '', hash: '' })).toEqual({
    location: '/career/?from=old#internship',
    status: 301,
  });
});

test('targets that are neither paths nor http(s) URLs are ignored', async () => {
  expect(await rule().apply({ path: '/evil/', search: '', hash: '' })).toBeNull();
  expect(await rule().apply({ path: '/double-slash/', search: '', hash: '' })).toBeNull();
});

test('lookups are cached, including "no redirect"', async () => {
  const content = fakeContent({ redirects });
  const apply = rule(content).apply;
  await apply({ path: '/portfolio/', search: '', hash: '' });
  await apply({ path: '/portfolio', search: '', hash: '' });
  await apply({ path: '/about/', search: '', hash: '' });
  await apply({ path: '/about/', search: '', hash: '' });
  expect(content.calls).toEqual(['redirectFor:/portfolio/', 'redirectFor:/about/']);
});

test('files and service paths are never looked up; an outage means no redirect', async () => {
  const content = fakeContent({ redirects });
  await rule(content).apply({ path: '/robots.txt', search: '', hash: '' });
  await rule(content).apply({ path: '/api/content/articles', search: '', hash: '' });
  expect(content.calls).toEqual([]);
  expect(await rule(fakeContent({ down: true })).apply({ path: '/portfolio/', search: '', hash: '' })).toBeNull();
});
