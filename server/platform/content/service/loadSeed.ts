import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { ROOT_DIR } from '../../paths.ts';
import { array, create, StructError, type Infer, type Struct } from 'superstruct';
import {
  SeedAgency,
  SeedArticle,
  SeedArticleFilter,
  SeedAuthor,
  SeedDocument,
  SeedPage,
  SeedProject,
  SeedProjectFilter,
  SeedRedirect,
  SeedService,
  SeedSpecialization,
  SeedVacancy,
} from './seedSchemas.ts';

/** Everything the embedded service serves, read once from `seed/` and checked: the records as `seedSchemas.ts` reads them. */
export type SeedContent = ReturnType<typeof seedContentOf>;

// From the project root, not this file: the server runs from the bundle in dist/ as well.
export const SEED_DIR = path.join(ROOT_DIR, 'server', 'platform', 'content', 'service', 'seed');

/** Every problem found in the seed files, one line each: `file: field: what is wrong`. */
export class SeedError extends Error {
  override name = 'SeedError';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`The content seed has ${problems.length} problem(s):\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Reads and validates the seed, failing the first start-up with every problem at once, fixed in one pass. */
export function loadSeed(dir: string = SEED_DIR): SeedContent {
  const { content, problems } = readSeed(dir);
  if (problems.length > 0) throw new SeedError(problems);
  return content;
}

/** What the seed directory holds: every record that validated, every problem (as SeedError lists them), each record's file. */
export type SeedReading = ReturnType<typeof readSeed>;

/** Reads the seed directory without failing: records that do not validate are left out (the content server's publishes, decision 036). */
export function readSeed(dir: string = SEED_DIR) {
  const problems: string[] = [];
  const files = new WeakMap<object, string>();
  const content = seedContentOf(seedReader(dir, problems, files));
  problems.push(...crossCheck(content));
  return { content, problems, fileOf: (record: object) => files.get(record) };
}

/** Reads the seed's files, noting each problem in `problems` and each record's file in `files`. */
function seedReader(dir: string, problems: string[], files: WeakMap<object, string>) {
  const file = (name: string) => path.join(dir, name);

  function check<T>(value: unknown, struct: Struct<T, unknown>, where: string): T | undefined {
    try {
      return create(value, struct);
    } catch (error) {
      if (!(error instanceof StructError)) throw error;
      for (const failure of error.failures()) problems.push(`${where}: ${failure.path.join('.') || '(root)'}: ${failure.message}`);
      return undefined;
    }
  }

  function readJson(name: string, optional = false): unknown {
    if (optional && !existsSync(file(name))) return undefined;
    try {
      return JSON.parse(readFileSync(file(name), 'utf8'));
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      return undefined;
    }
  }

  function listDir(sub: string, extension: string): string[] {
    if (!existsSync(file(sub))) return [];
    return readdirSync(file(sub))
      .filter((name) => name.endsWith(extension))
      .sort();
  }

  /** `<sub>/*.json` records whose file name is their key (`/` → `__` for service paths). */
  function jsonRecords<T>(sub: string, struct: Struct<T, unknown>, keyOf: (record: T) => string): T[] {
    return listDir(sub, '.json').flatMap((name) => {
      const where = `${sub}/${name}`;
      const raw = readJson(where);
      const record = raw === undefined ? undefined : check(raw, struct, where);
      if (record === undefined) return [];
      const expected = `${keyOf(record).replaceAll('/', '__')}.json`;
      if (expected !== name) problems.push(`${where}: file name should be ${expected}`);
      files.set(record as object, where);
      return [record];
    });
  }

  /** `<sub>/*.md` records: front matter checked by `struct`, Markdown body kept as is. */
  function markdownRecords<T extends { slug: string }>(sub: string, struct: Struct<T, unknown>): (T & { body: string })[] {
    return listDir(sub, '.md').flatMap((name) => {
      const where = `${sub}/${name}`;
      let parsed: matter.GrayMatterFile<string>;
      try {
        // A fresh options object: gray-matter caches by content otherwise and hands back shared objects.
        parsed = matter(readFileSync(file(where), 'utf8'), {});
      } catch (error) {
        problems.push(`${where}: front matter: ${(error as Error).message}`);
        return [];
      }
      const record = check(parsed.data, struct, where);
      if (record === undefined) return [];
      if (`${record.slug}.md` !== name) problems.push(`${where}: file name should be ${record.slug}.md`);
      const body = parsed.content.trim();
      if (body === '') problems.push(`${where}: the Markdown body is empty`);
      const withBody = { ...record, body };
      files.set(withBody, where);
      return [withBody];
    });
  }

  return { check, readJson, jsonRecords, markdownRecords };
}

/** Every record of the seed, each file read and validated once. */
function seedContentOf({ check, readJson, jsonRecords, markdownRecords }: ReturnType<typeof seedReader>) {
  return {
    // Absent only in a reading with problems, which keeps the last good agency (`seedRecords.ts`).
    agency: check(readJson('agency.json'), SeedAgency, 'agency.json') as Infer<typeof SeedAgency>,
    articleFilters: check(readJson('article-filters.json'), array(SeedArticleFilter), 'article-filters.json') ?? [],
    projectFilters: check(readJson('project-filters.json'), array(SeedProjectFilter), 'project-filters.json') ?? [],
    specializations: check(readJson('specializations.json'), array(SeedSpecialization), 'specializations.json') ?? [],
    authors: check(readJson('authors.json'), array(SeedAuthor), 'authors.json') ?? [],
    services: jsonRecords('services', SeedService, (service) => service.path),
    articles: markdownRecords('articles', SeedArticle),
    projects: markdownRecords('projects', SeedProject),
    vacancies: markdownRecords('vacancies', SeedVacancy),
    documents: markdownRecords('documents', SeedDocument),
    pages: jsonRecords('pages', SeedPage, (page) => page.slug),
    // The per-path lookup may be empty: a site with nothing to redirect has no file.
    redirects: check(readJson('redirects.json', true) ?? [], array(SeedRedirect), 'redirects.json') ?? [],
  };
}

/** Keys that must be unique within their file: slugs, author ids, redirect sources. */
function duplicateKeys(seed: SeedContent): string[] {
  const problems: string[] = [];
  const keysOf: readonly (readonly [string, readonly string[]])[] = [
    ['article-filters.json', seed.articleFilters.map((tag) => tag.slug)],
    ['project-filters.json', seed.projectFilters.map((filter) => filter.slug)],
    ['specializations.json', seed.specializations.map((specialization) => specialization.slug)],
    ['authors.json: id', seed.authors.map((author) => String(author.id))],
    ['authors.json: slug', seed.authors.flatMap((author) => (author.slug === null ? [] : [author.slug]))],
    ['redirects.json: from', seed.redirects.map((redirect) => redirect.from)],
  ];
  for (const [where, keys] of keysOf) {
    const seen = new Set<string>();
    for (const key of keys) {
      if (seen.has(key)) problems.push(`${where}: "${key}" appears more than once`);
      seen.add(key);
    }
  }
  return problems;
}

/** References between records: every slug a record points at must exist. */
function crossCheck(seed: SeedContent): string[] {
  const problems: string[] = duplicateKeys(seed);
  const tags = new Set(seed.articleFilters.map((tag) => tag.slug));
  const industries = new Set(seed.projectFilters.map((filter) => filter.slug));
  const authors = new Map(seed.authors.map((author) => [author.id, author]));
  const servicePaths = new Set(seed.services.map((service) => service.path));
  const projects = new Set(seed.projects.map((project) => project.slug));

  for (const article of seed.articles) {
    const where = `articles/${article.slug}.md`;
    const author = authors.get(article.authorId);
    if (author === undefined) problems.push(`${where}: authorId: no author ${article.authorId} in authors.json`);
    else if (author.slug === null) problems.push(`${where}: authorId: author ${article.authorId} has no page (ids 9 and 10 left)`);
    for (const tag of article.tags) if (!tags.has(tag)) problems.push(`${where}: tags: "${tag}" is not in article-filters.json`);
  }
  for (const project of seed.projects) {
    const where = `projects/${project.slug}.md`;
    if (!industries.has(project.industry)) problems.push(`${where}: industry: "${project.industry}" is not in project-filters.json`);
    for (const service of project.services) {
      if (!servicePaths.has(service)) problems.push(`${where}: services: no service page "${service}"`);
    }
  }
  // §3: a card without its own url links to /projects/{slug}/, a page only for a known industry
  // (§5); a url to a service page must name one that exists (docs/decisions/011-…).
  for (const specialization of seed.specializations) {
    const where = `specializations.json: ${specialization.slug}`;
    if (!industries.has(specialization.slug)) problems.push(`${where}: slug: "${specialization.slug}" is not in project-filters.json`);
    const servicePath = /^\/services\/(.+?)\/?$/.exec(specialization.url ?? '')?.[1];
    if (servicePath !== undefined && !servicePaths.has(servicePath)) problems.push(`${where}: url: no service page "${servicePath}"`);
  }
  for (const service of seed.services) {
    const where = `services/${service.path.replaceAll('/', '__')}.json`;
    const parent = service.path.split('/').slice(0, -1).join('/');
    if (parent !== '' && !servicePaths.has(parent)) problems.push(`${where}: path: parent service "${parent}" does not exist`);
    for (const slug of service.relatedProjects) if (!projects.has(slug)) problems.push(`${where}: relatedProjects: no project "${slug}"`);
  }
  for (const vacancy of seed.vacancies) {
    if (vacancy.salaryFrom !== undefined && vacancy.salaryTo !== undefined && vacancy.salaryFrom > vacancy.salaryTo) {
      problems.push(`vacancies/${vacancy.slug}.md: salaryFrom is greater than salaryTo`);
    }
  }
  return problems;
}
