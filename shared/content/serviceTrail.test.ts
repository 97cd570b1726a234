import { expect, test } from 'vitest';
import type { ServiceNode } from './contentApi.ts';
import { serviceTrail } from './serviceTrail.ts';

const node = (path: string, title: string, children: ServiceNode[] = []): ServiceNode => ({
  path,
  title,
  menuTitle: title,
  category: 'Разработка',
  order: 0,
  children,
});

const tree = [
  node('analitika', 'Аналитика', [node('analitika/ux-analitika', 'UX-аналитика')]),
  node('razrabotka', 'Разработка', [
    node('razrabotka/razrabotka-saytov', 'Разработка сайтов', [
      node('razrabotka/razrabotka-saytov/razrabotka-lendinga', 'Разработка лендинга'),
    ]),
  ]),
];

test('the breadcrumb trail of a nested service runs from its top-level direction down to it', () => {
  expect(serviceTrail(tree, 'razrabotka/razrabotka-saytov/razrabotka-lendinga').map((item) => item.title)).toEqual([
    'Разработка',
    'Разработка сайтов',
    'Разработка лендинга',
  ]);
  expect(serviceTrail(tree, 'analitika').map((item) => item.title)).toEqual(['Аналитика']);
});

test('a path outside the tree has no trail, and a prefix of a slug is not a parent', () => {
  expect(serviceTrail(tree, 'razrabotka/nichego')).toEqual([]);
  expect(serviceTrail(tree, 'razrabotka-drugaya')).toEqual([]);
});
