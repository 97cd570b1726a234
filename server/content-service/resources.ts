import type { SeedContent } from './loadSeed.ts';
import { AUTHOR_ID_PATTERN, SERVICE_PATH_PATTERN as SERVICE_PATH, SLUG_PATTERN as SLUG } from '../../shared/routes/slugs.ts';

/**
 * The JSON:API resource types the embedded service serves and the rules of each: its members,
 * relationships, which filters and sort keys it accepts. The query parser validates against
 * this table and the document builder reads it, so a type is described in one place.
 */

export interface ResourceIdentifier {
  readonly type: string;
  readonly id: string;
}

export type Linkage = ResourceIdentifier | null | readonly ResourceIdentifier[];

export interface Resource extends ResourceIdentifier {
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly relationships: Readonly<Record<string, Linkage>>;
  /** Not published yet: served only with the working copy (`service.ts`, the site's preview). */
  readonly draft?: boolean;
}

export interface FilterSpec {
  /** Values are checked before use: anything else is a 400, never a lookup. */
  readonly value: RegExp;
  readonly matches: (resource: Resource, value: string) => boolean;
}

export interface TypeSpec {
  readonly type: string;
  readonly attributes: readonly string[];
  readonly relationships: Readonly<Record<string, { readonly type: string; readonly many: boolean }>>;
  /** Shape of a valid id in the URL (a malformed id is a 400, an unknown one a 404). */
  readonly id: RegExp;
  readonly filters: Readonly<Record<string, FilterSpec>>;
  readonly sorts: Readonly<Record<string, (resource: Resource) => string | number>>;
  /** Applied when the request has no `sort`. */
  readonly defaultSort: readonly string[];
}

const attribute = (name: string) => (resource: Resource) => resource.attributes[name] as string | number;
const equals = (name: string) => (resource: Resource, value: string) => String(resource.attributes[name]) === value;
const linksTo = (relationship: string) => (resource: Resource, id: string) => {
  const linkage = resource.relationships[relationship];
  if (linkage === null || linkage === undefined) return false;
  return 'id' in linkage ? linkage.id === id : linkage.some((item) => item.id === id);
};

const slugFilter: FilterSpec = { value: SLUG, matches: equals('slug') };
const slugSpec = { id: SLUG, filters: { slug: slugFilter } };

export const TYPES: Readonly<Record<string, TypeSpec>> = {
  agency: {
    type: 'agency',
    id: /^agency$/,
    filters: {},
    sorts: {},
    defaultSort: [],
    attributes: [
      'name',
      'legalName',
      'inn',
      'kpp',
      'ogrn',
      'legalAddress',
      'foundedYear',
      'siteUrl',
      'slogan',
      'emails',
      'social',
      'vacanciesBoardUrl',
      'partnerProgramUrl',
    ],
    relationships: { offices: { type: 'contacts', many: true } },
  },
  contacts: {
    type: 'contacts',
    id: /^[1-9]\d{0,2}$/,
    filters: {},
    sorts: {},
    defaultSort: [],
    attributes: ['city', 'phone', 'address', 'email', 'hours', 'geo', 'isHeadOffice'],
    relationships: {},
  },
  'article-filters': {
    type: 'article-filters',
    ...slugSpec,
    sorts: {},
    defaultSort: [],
    attributes: ['slug', 'title'],
    relationships: {},
  },
  'project-filters': {
    type: 'project-filters',
    id: SLUG,
    filters: { slug: slugFilter, filterType: { value: SLUG, matches: equals('filterType') } },
    sorts: {},
    defaultSort: [],
    attributes: ['slug', 'title', 'filterType'],
    relationships: {},
  },
  specializations: {
    type: 'specializations',
    ...slugSpec,
    sorts: {},
    defaultSort: [],
    attributes: ['slug', 'title', 'description', 'url'],
    relationships: {},
  },
  authors: {
    type: 'authors',
    id: AUTHOR_ID_PATTERN,
    filters: { slug: slugFilter },
    sorts: { name: attribute('name'), id: (resource) => Number(resource.id) },
    defaultSort: ['id'],
    attributes: ['slug', 'name', 'position', 'bio'],
    relationships: {},
  },
  services: {
    type: 'services',
    id: SERVICE_PATH,
    filters: {
      path: { value: SERVICE_PATH, matches: equals('path') },
      category: { value: /^[\p{L}\p{N} -]{1,60}$/u, matches: equals('category') },
    },
    sorts: { order: attribute('order'), path: attribute('path'), title: attribute('title') },
    defaultSort: ['order', 'path'],
    attributes: [
      'path',
      'title',
      'menuTitle',
      'category',
      'order',
      'seoTitle',
      'description',
      'lead',
      'included',
      'stages',
      'timeline',
      'price',
      'faq',
    ],
    relationships: {
      parent: { type: 'services', many: false },
      children: { type: 'services', many: true },
      relatedProjects: { type: 'projects', many: true },
    },
  },
  articles: {
    type: 'articles',
    id: SLUG,
    filters: {
      slug: slugFilter,
      tag: { value: SLUG, matches: linksTo('tags') },
      author: { value: AUTHOR_ID_PATTERN, matches: linksTo('author') },
    },
    sorts: { date: attribute('date'), title: attribute('title') },
    defaultSort: ['-date', 'title'],
    attributes: ['slug', 'title', 'description', 'date', 'updated', 'readingMinutes', 'cover', 'body'],
    relationships: { author: { type: 'authors', many: false }, tags: { type: 'article-filters', many: true } },
  },
  projects: {
    type: 'projects',
    id: SLUG,
    filters: {
      slug: slugFilter,
      industry: { value: SLUG, matches: linksTo('industry') },
      featured: { value: /^(?:true|false)$/, matches: equals('featured') },
    },
    sorts: { date: attribute('date'), year: attribute('year'), title: attribute('title') },
    defaultSort: ['-date', 'title'],
    attributes: ['slug', 'title', 'client', 'year', 'date', 'description', 'results', 'featured', 'cover', 'body'],
    relationships: { industry: { type: 'project-filters', many: false }, services: { type: 'services', many: true } },
  },
  vacancies: {
    type: 'vacancies',
    id: SLUG,
    filters: { slug: slugFilter, employment: { value: /^(?:full|part|internship)$/, matches: equals('employment') } },
    sorts: { datePosted: attribute('datePosted'), title: attribute('title') },
    defaultSort: ['-datePosted', 'title'],
    attributes: [
      'slug',
      'title',
      'department',
      'city',
      'employment',
      'experience',
      'salaryFrom',
      'salaryTo',
      'datePosted',
      'validThrough',
      'body',
    ],
    relationships: {},
  },
  documents: {
    type: 'documents',
    ...slugSpec,
    sorts: { order: attribute('order'), title: attribute('title') },
    defaultSort: ['order'],
    attributes: ['slug', 'title', 'updated', 'order', 'body'],
    relationships: {},
  },
  pages: {
    type: 'pages',
    ...slugSpec,
    sorts: {},
    defaultSort: [],
    attributes: ['slug', 'title', 'description', 'blocks'],
    relationships: {},
  },
  redirects: {
    type: 'redirects',
    id: /^\/[\x21-\x7e]{0,300}$/,
    filters: { from: { value: /^\/(?:[\w.~%-]+\/)*[\w.~%-]*$/, matches: (resource, value) => resource.attributes.from === value } },
    sorts: {},
    defaultSort: [],
    attributes: ['from', 'to'],
    relationships: {},
  },
};

/** The types served as collections (`GET /<type>`); `agency` is a singleton (`GET /agency`). */
export const COLLECTIONS = Object.keys(TYPES).filter((type) => type !== 'agency');

const id = (type: string, value: string | number): ResourceIdentifier => ({ type, id: String(value) });

/** Words per minute of an unhurried reader of Russian prose; at least one minute. */
function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 180));
}

/** Every resource of the seed, built once at start-up. */
export function buildResources(seed: SeedContent): Resource[] {
  const { offices, ...agency } = seed.agency;
  const children = (path: string) =>
    seed.services
      .filter((service) => service.path.split('/').slice(0, -1).join('/') === path)
      .sort((a, b) => a.order - b.order || a.path.localeCompare(b.path, 'ru-RU'))
      .map((service) => id('services', service.path));

  return [
    {
      ...id('agency', 'agency'),
      attributes: { ...agency, kpp: agency.kpp ?? null, legalAddress: agency.legalAddress ?? null },
      // Head office first: the header and footer show it first.
      relationships: { offices: offices.map((_, index) => id('contacts', index + 1)) },
    },
    ...offices.map((office, index) => ({ ...id('contacts', index + 1), attributes: { ...office }, relationships: {} })),
    ...seed.articleFilters.map((tag) => ({ ...id('article-filters', tag.slug), attributes: { ...tag }, relationships: {} })),
    ...seed.projectFilters.map((filter) => ({ ...id('project-filters', filter.slug), attributes: { ...filter }, relationships: {} })),
    ...seed.specializations.map((specialization) => ({
      ...id('specializations', specialization.slug),
      attributes: { ...specialization, url: specialization.url ?? null },
      relationships: {},
    })),
    ...seed.authors.map(({ id: authorId, ...author }) => ({ ...id('authors', authorId), attributes: author, relationships: {} })),
    ...seed.services.map(({ relatedProjects, ...service }) => {
      const parent = service.path.split('/').slice(0, -1).join('/');
      return {
        ...id('services', service.path),
        attributes: service,
        relationships: {
          parent: parent === '' ? null : id('services', parent),
          children: children(service.path),
          relatedProjects: relatedProjects.map((slug) => id('projects', slug)),
        },
      };
    }),
    ...seed.articles.map(({ authorId, tags, body, updated, draft, ...article }) => ({
      ...id('articles', article.slug),
      draft,
      attributes: {
        ...article,
        updated: updated ?? null,
        readingMinutes: readingMinutes(body),
        cover: `/images/articles/${article.slug}.png`,
        body,
      },
      relationships: { author: id('authors', authorId), tags: tags.map((tag) => id('article-filters', tag)) },
    })),
    ...seed.projects.map(({ industry, services, ...project }) => ({
      ...id('projects', project.slug),
      attributes: { ...project, cover: `/images/projects/${project.slug}.png` },
      relationships: { industry: id('project-filters', industry), services: services.map((path) => id('services', path)) },
    })),
    ...seed.vacancies.map((vacancy) => ({
      ...id('vacancies', vacancy.slug),
      attributes: { ...vacancy, salaryFrom: vacancy.salaryFrom ?? null, salaryTo: vacancy.salaryTo ?? null },
      relationships: {},
    })),
    ...seed.documents.map((document) => ({ ...id('documents', document.slug), attributes: { ...document }, relationships: {} })),
    ...seed.pages.map((page) => ({ ...id('pages', page.slug), attributes: { ...page }, relationships: {} })),
    ...seed.redirects.map((redirect) => ({ ...id('redirects', redirect.from), attributes: { ...redirect }, relationships: {} })),
  ];
}
