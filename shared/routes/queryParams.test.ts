import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { QUERY_PARAMS } from './queryParams.ts';
import { ROUTES } from './table.ts';

const PAGES_DIR = join(import.meta.dirname, '..', 'pages');
const PAGE_FILES = ['loader.ts', 'meta.ts', 'view.tsx'];

/** The query parameters a source file reads by name. */
function paramsReadIn(source: string): string[] {
  return [...source.matchAll(/searchParams\.(?:get|getAll|has)\('(\w+)'\)/g)].map((match) => match[1] ?? '');
}

test('every query parameter a page reads is declared by each route that shows the page', () => {
  for (const page of readdirSync(PAGES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    // The page's own files (loader, meta, view) and the shared helpers of shared/pages/ they import (listPage.ts).
    const files = PAGE_FILES.map((name) => readFileSync(join(PAGES_DIR, page.name, name), 'utf8'));
    const helpers = files.flatMap((source) =>
      [...source.matchAll(/from '\.\.\/(\w+)\.ts'/g)].map((match) => readFileSync(join(PAGES_DIR, `${match[1]}.ts`), 'utf8')),
    );
    const read = new Set([...files, ...helpers].flatMap(paramsReadIn));
    for (const entry of ROUTES.filter((candidate) => candidate.page === page.name)) {
      const declared: readonly string[] = 'query' in entry ? entry.query : [];
      expect(
        [...read].filter((name) => !declared.includes(name)),
        `${entry.id} reads undeclared parameters`,
      ).toEqual([]);
    }
  }
});

test('two query parameters change what a page shows: the list page number and the request form preset', () => {
  expect(Object.keys(QUERY_PARAMS).sort()).toEqual(['page', 'serviceType']);
});
