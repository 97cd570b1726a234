import { expect, test } from 'vitest';
import { fakeContent } from '../../../../tests/routing/fakeContent.ts';
import { ROUTES, type RouteEntry } from '../../../../shared/routes/table.ts';
import { createLogger } from '../../../platform/logging/logger.ts';
import { ROUTE_MIDDLEWARE_REGISTRY, routeMiddlewares, UnknownRouteMiddlewareError } from './routeMiddlewares.ts';

const deps = {
  content: fakeContent({ authors: [{ id: 3, slug: 'ekaterina-belova' }] }),
  publicBaseUrl: 'https://verf.test',
  logger: createLogger('silent'),
};

test('every middleware the route table names exists in the registry', () => {
  for (const route of ROUTES as readonly RouteEntry[]) {
    for (const name of route.middleware ?? []) expect(Object.keys(ROUTE_MIDDLEWARE_REGISTRY), `${route.id}: ${name}`).toContain(name);
  }
  expect(() => routeMiddlewares(deps)).not.toThrow();
});

test('a route naming an unknown middleware fails when the rules are built, not at request time', () => {
  const routes: RouteEntry<string>[] = [{ id: 'broken', path: '/broken/', page: 'home', middleware: ['no-such-middleware'] }];
  expect(() => routeMiddlewares(deps, routes)).toThrow(UnknownRouteMiddlewareError);
  expect(() => routeMiddlewares(deps, routes)).toThrow(/broken.*no-such-middleware/);
  // Names inherited from Object.prototype are not middlewares either.
  expect(() => routeMiddlewares(deps, [{ id: 'proto', path: '/p/', page: 'home', middleware: ['toString'] }])).toThrow(
    UnknownRouteMiddlewareError,
  );
});

test('a named middleware runs only on its route, in the table order', async () => {
  const seen: string[] = [];
  const registry = {
    first:
      () =>
      async ({ routeId }: { routeId: string }) => (seen.push(`first:${routeId}`), null),
    second: () => async () => ({ location: '/second/', status: 301 as const }),
  };
  const routes: RouteEntry<string>[] = [
    { id: 'plain', path: '/plain/:x/', page: 'home' },
    { id: 'guarded', path: '/guarded/:x/', page: 'home', middleware: ['first', 'second'] },
  ];
  const rule = routeMiddlewares(deps, routes, registry);
  expect(await rule.apply({ path: '/plain/1/', search: '', hash: '' })).toBeNull();
  expect(await rule.apply({ path: '/guarded/1/', search: '', hash: '' })).toEqual({ location: '/second/', status: 301 });
  expect(seen).toEqual(['first:guarded']);
});

test('redirect-author runs on /blog/author/{id}/ of the real table', async () => {
  const rule = routeMiddlewares(deps);
  expect(await rule.apply({ path: '/blog/author/3/', search: '', hash: '' })).toEqual({
    location: '/blog/author/ekaterina-belova/',
    status: 301,
  });
  expect(await rule.apply({ path: '/blog/3/', search: '', hash: '' })).toBeNull();
});

test('a path asked for again gets its own route and parameters again (the matches are kept per path)', async () => {
  const seen: string[] = [];
  const registry = {
    record:
      () =>
      async ({ routeId, params }: { routeId: string; params: Readonly<Record<string, string | undefined>> }) => (
        seen.push(`${routeId}:${params.x ?? ''}`),
        null
      ),
  };
  const routes: RouteEntry<string>[] = [
    { id: 'guarded', path: '/guarded/:x/', page: 'home', middleware: ['record'] },
    // More specific than the guarded route: it wins, and it names no middleware.
    { id: 'fixed', path: '/guarded/fixed/', page: 'home' },
  ];
  const rule = routeMiddlewares(deps, routes, registry);
  for (const path of ['/guarded/1/', '/guarded/2/', '/guarded/fixed/', '/guarded/1/', '/elsewhere/', '/guarded/2/', '/guarded/fixed/']) {
    expect(await rule.apply({ path, search: '', hash: '' })).toBeNull();
  }
  expect(seen).toEqual(['guarded:1', 'guarded:2', 'guarded:1', 'guarded:2']);
});
