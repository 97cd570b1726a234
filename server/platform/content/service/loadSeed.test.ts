import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { SPEC_INDUSTRIES, SPEC_SERVICE_PAGES } from '../../../../tests/routing/specification.ts';
import { loadSeed, SEED_DIR, SeedError, type SeedContent } from './loadSeed.ts';

/** Seed problems as a list, so a failing run shows every file and field to fix at once. */
function problemsOf(load: () => SeedContent): readonly string[] {
  try {
    load();
    return [];
  } catch (error) {
    if (error instanceof SeedError) return error.problems;
    throw error;
  }
}

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function seedCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'seed-'));
  copies.push(dir);
  cpSync(SEED_DIR, dir, { recursive: true });
  return dir;
}

test('every seed file matches its schema and points only at records that exist', () => {
  expect(problemsOf(() => loadSeed())).toEqual([]);
});

test('the seed has every service page of §2, each with its own words', () => {
  const seed = loadSeed();
  const paths = seed.services.map((service) => service.path);
  for (const path of SPEC_SERVICE_PAGES) expect(paths).toContain(path);
  // "No two pages alike": leads and descriptions are unique.
  expect(new Set(seed.services.map((service) => service.lead)).size).toBe(seed.services.length);
  expect(new Set(seed.services.map((service) => service.description)).size).toBe(seed.services.length);
  expect(seed.services.find((service) => service.path === 'postcard')?.category).toBe('Дизайн');
});

test('the industries are the twelve project filters of §2, in menu order', () => {
  expect(loadSeed().projectFilters.map((filter) => filter.slug)).toEqual([...SPEC_INDUSTRIES]);
});

test('§3: one specialization per industry of §2, in menu order, some with their own url', () => {
  const seed = loadSeed();
  expect(seed.specializations.map((specialization) => specialization.slug)).toEqual(seed.projectFilters.map((filter) => filter.slug));
  const withUrl = seed.specializations.filter((specialization) => specialization.url !== undefined);
  expect(withUrl.length).toBeGreaterThan(0);
  expect(withUrl.length).toBeLessThan(seed.specializations.length);
});

test('a specialization of an unknown industry, or linking to a missing service page, is reported', () => {
  const dir = seedCopy();
  const file = path.join(dir, 'specializations.json');
  const cards = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  cards.push({ slug: 'kosmos', title: 'Космос', description: 'Сайты для космодромов.' });
  cards.push({ slug: 'medicine', title: 'Медицина', description: 'Ещё раз.', url: '/services/net-takoy-uslugi/' });
  writeFileSync(file, JSON.stringify(cards));
  const problems = problemsOf(() => loadSeed(dir));
  expect(problems).toContain('specializations.json: kosmos: slug: "kosmos" is not in project-filters.json');
  expect(problems).toContain('specializations.json: "medicine" appears more than once');
  expect(problems).toContain('specializations.json: medicine: url: no service page "net-takoy-uslugi"');

  cards.push({ slug: 'smi', title: 'СМИ', description: 'Ссылка.', url: 'javascript:alert(1)' });
  writeFileSync(file, JSON.stringify(cards));
  expect(problemsOf(() => loadSeed(dir))).toContainEqual(expect.stringMatching(/^specializations\.json: 14\.url: /));
});

test('authors 1 to 16 follow §3: 9 and 10 have no slug, 12 is the editorial team', () => {
  const authors = loadSeed().authors;
  expect(authors.map((author) => author.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
  expect(
    authors
      .filter((author) => author.slug === null)
      .map((author) => author.id)
      .sort(),
  ).toEqual([10, 9].sort());
  expect(authors.find((author) => author.id === 12)?.slug).toBe('redaktsiya');
});

test('a misspelt field is reported with its file and field', () => {
  const dir = seedCopy();
  const file = path.join(dir, 'article-filters.json');
  const tags = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  tags[0] = { ...tags[0], titel: 'опечатка' };
  writeFileSync(file, JSON.stringify(tags));
  expect(problemsOf(() => loadSeed(dir))).toContainEqual(expect.stringMatching(/^article-filters\.json: 0\.titel: /));
});

test('an article with an unknown tag or a departed author is reported', () => {
  const dir = seedCopy();
  writeFileSync(
    path.join(dir, 'articles', 'test-statya.md'),
    [
      '---',
      'slug: test-statya',
      'title: "Тест"',
      'description: "Описание"',
      'date: 2026-01-10',
      'authorId: 9',
      'tags: [net-takogo-tega]',
      '---',
      '',
      'Текст.',
      '',
    ].join('\n'),
  );
  const problems = problemsOf(() => loadSeed(dir));
  expect(problems).toContain('articles/test-statya.md: authorId: author 9 has no page (ids 9 and 10 left)');
  expect(problems).toContain('articles/test-statya.md: tags: "net-takogo-tega" is not in article-filters.json');
});

test('a file whose name does not match its slug is reported', () => {
  const dir = seedCopy();
  writeFileSync(
    path.join(dir, 'documents', 'drugoe-imya.md'),
    ['---', 'slug: politika-test', 'title: "Политика"', 'updated: 2026-01-10', 'order: 9', '---', '', 'Текст.', ''].join('\n'),
  );
  expect(problemsOf(() => loadSeed(dir))).toContain('documents/drugoe-imya.md: file name should be politika-test.md');
});

test('front matter dates become ISO date strings', () => {
  const article = loadSeed().articles[0]!;
  expect(article.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test('careers have the internship, and the legal documents of the README are there', () => {
  const seed = loadSeed();
  expect(seed.vacancies.find((vacancy) => vacancy.slug === 'stazhirovka')?.employment).toBe('internship');
  expect(seed.documents.map((document) => document.slug)).toEqual(
    expect.arrayContaining([
      'politika-konfidencialnosti',
      'politika-cookie',
      'polzovatelskoe-soglashenie',
      'soglasie-na-obrabotku-personalnyh-dannyh',
    ]),
  );
});
