import { matchRoutes } from 'react-router';
import { beforeEach, expect, test, vi } from 'vitest';
import type { RouteEntry } from '../../../shared/routes/table.ts';
import { matchRoute, routeTableMatcher } from './routeMatch.ts';

vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  return { ...actual, matchRoutes: vi.fn(actual.matchRoutes) };
});

beforeEach(() => {
  vi.mocked(matchRoutes).mockClear();
});

test('a path is matched to its deepest, highest-ranked route with its parameters', () => {
  expect(matchRoute('/blog/seo/')).toMatchObject({ route: { id: 'blog-tag', query: ['page'] }, params: { slug: 'seo' } });
  expect(matchRoute('/blog/author/42/')?.route.id).toBe('blog-author');
  expect(matchRoute('/services/')?.route.id).toBe('services');
  expect(matchRoute('/services/razrabotka/sayty/')?.route.id).toBe('service');
  expect(matchRoute('/')?.route.id).toBe('home');
  expect(matchRoute('/net/takoy/')).toBeUndefined();
});

test('a path is matched once: every later reader gets the same frozen match', () => {
  const path = `/material/blog/once-${Math.random().toString(36).slice(2)}/`;
  const first = matchRoute(path);
  const again = matchRoute(path);
  expect(again).toBe(first);
  expect(Object.isFrozen(first?.params)).toBe(true);
  expect(vi.mocked(matchRoutes)).toHaveBeenCalledTimes(1);
});

test('a path no route names is remembered as such too', () => {
  const path = `/nothing-${Math.random().toString(36).slice(2)}/`;
  expect(matchRoute(path)).toBeUndefined();
  expect(matchRoute(path)).toBeUndefined();
  expect(vi.mocked(matchRoutes)).toHaveBeenCalledTimes(1);
});

test('a table of its own has one matcher of its own', () => {
  const routes: RouteEntry<string>[] = [{ id: 'only', path: '/only/:id/', page: 'home' }];
  expect(routeTableMatcher(routes)).toBe(routeTableMatcher(routes));
  expect(routeTableMatcher(routes)('/only/7/')).toMatchObject({ route: { id: 'only' }, params: { id: '7' } });
  expect(routeTableMatcher(routes)('/blog/seo/')).toBeUndefined();
});
