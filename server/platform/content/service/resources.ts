import { attributeNames } from '../../../../shared/content/model/attributeForms.ts';
import { CONTENT_TYPES, type ContentType, type ContentTypeName } from '../../../../shared/content/model/contentTypes.ts';
import type { SeedContent } from './loadSeed.ts';
import { AUTHOR_ID_PATTERN, SERVICE_PATH_PATTERN as SERVICE_PATH, SLUG_PATTERN as SLUG } from '../../../../shared/content/slugs.ts';

// The resource types the embedded service serves: members, relationships, id shapes, filters and sort keys.

export type ResourceIdentifier = { readonly type: string; readonly id: string };

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

/** How the service serves a content type: a type without filters or sort keys leaves them out. */
type ServingRules = Pick<TypeSpec, 'id'> & Partial<Pick<TypeSpec, 'filters' | 'sorts' | 'defaultSort'>>;

/** Each type's id shape, and the filters and sort keys the site's reads use, no others (decision 047). */
const SERVING: Readonly<Record<ContentTypeName, ServingRules>> = {
  agency: { id: /^agency$/ },
  contacts: { id: /^[1-9]\d{0,2}$/ },
  'article-filters': { id: SLUG },
  'project-filters': { id: SLUG },
  specializations: { id: SLUG },
  authors: {
    id: AUTHOR_ID_PATTERN,
    filters: { slug: { value: SLUG, matches: equals('slug') } },
    sorts: { id: (resource) => Number(resource.id) },
    defaultSort: ['id'],
  },
  services: { id: SERVICE_PATH, sorts: { order: attribute('order'), path: attribute('path') }, defaultSort: ['order', 'path'] },
  articles: {
    id: SLUG,
    filters: { tag: { value: SLUG, matches: linksTo('tags') }, author: { value: AUTHOR_ID_PATTERN, matches: linksTo('author') } },
    sorts: { date: attribute('date') },
    defaultSort: ['-date'],
  },
  projects: {
    id: SLUG,
    filters: {
      industry: { value: SLUG, matches: linksTo('industry') },
      featured: { value: /^(?:true|false)$/, matches: equals('featured') },
    },
    sorts: { date: attribute('date') },
    defaultSort: ['-date'],
  },
  // The career page lists vacancies in the service's order: newest first.
  vacancies: { id: SLUG, sorts: { datePosted: attribute('datePosted'), title: attribute('title') }, defaultSort: ['-datePosted', 'title'] },
  documents: { id: SLUG, sorts: { order: attribute('order') }, defaultSort: ['order'] },
  pages: { id: SLUG },
  redirects: {
    id: /^\/[\x21-\x7e]{0,300}$/,
    filters: { from: { value: /^\/(?:[\w.~%-]+\/)*[\w.~%-]*$/, matches: (resource, value) => resource.attributes.from === value } },
  },
};

export const TYPES: Readonly<Record<string, TypeSpec>> = Object.fromEntries(
  Object.entries(SERVING).map(([type, rules]) => {
    const { relationships } = CONTENT_TYPES[type as ContentTypeName];
    const attributes = attributeNames(CONTENT_TYPES[type as ContentTypeName]);
    return [type, { type, attributes, relationships, filters: {}, sorts: {}, defaultSort: [], ...rules }];
  }),
);

const id = (type: string, value: string | number): ResourceIdentifier => ({ type, id: String(value) });

/** Words per minute of an unhurried reader of Russian prose; at least one minute. */
function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 180));
}

/** A resource from its seed record: the declared attributes (`null` when left out), nothing else; `computed` adds derived ones. */
function resource<N extends ContentTypeName>(
  type: N,
  key: string | number,
  record: object,
  parts: {
    readonly computed?: { readonly [K in keyof (typeof CONTENT_TYPES)[N]['computedAttributes']]: unknown };
    readonly relationships?: { readonly [K in keyof (typeof CONTENT_TYPES)[N]['relationships']]: Linkage };
    readonly draft?: boolean;
  } = {},
): Resource {
  const values: Readonly<Record<string, unknown>> = { ...record, ...parts.computed };
  const contentType: ContentType = CONTENT_TYPES[type];
  return {
    ...id(type, key),
    ...(parts.draft === undefined ? {} : { draft: parts.draft }),
    attributes: Object.fromEntries(attributeNames(contentType).map((name) => [name, values[name] ?? null])),
    relationships: parts.relationships ?? {},
  };
}

/** Every resource of the seed, built once at start-up. */
export function buildResources(seed: SeedContent): Resource[] {
  const { offices } = seed.agency;
  const parentOf = (path: string) => path.split('/').slice(0, -1).join('/');
  const children = (path: string) =>
    seed.services
      .filter((service) => parentOf(service.path) === path)
      .sort((a, b) => a.order - b.order || a.path.localeCompare(b.path, 'ru-RU'))
      .map((service) => id('services', service.path));

  return [
    resource('agency', 'agency', seed.agency, { relationships: { offices: offices.map((_, index) => id('contacts', index + 1)) } }),
    ...offices.map((office, index) => resource('contacts', index + 1, office)),
    ...seed.articleFilters.map((tag) => resource('article-filters', tag.slug, tag)),
    ...seed.projectFilters.map((filter) => resource('project-filters', filter.slug, filter)),
    ...seed.specializations.map((specialization) => resource('specializations', specialization.slug, specialization)),
    ...seed.authors.map((author) => resource('authors', author.id, author)),
    ...seed.services.map((service) =>
      resource('services', service.path, service, {
        relationships: {
          parent: parentOf(service.path) === '' ? null : id('services', parentOf(service.path)),
          children: children(service.path),
          relatedProjects: service.relatedProjects.map((slug) => id('projects', slug)),
        },
      }),
    ),
    ...seed.articles.map((article) =>
      resource('articles', article.slug, article, {
        draft: article.draft,
        computed: { readingMinutes: readingMinutes(article.body), cover: `/images/articles/${article.slug}.png` },
        relationships: { author: id('authors', article.authorId), tags: article.tags.map((tag) => id('article-filters', tag)) },
      }),
    ),
    ...seed.projects.map((project) =>
      resource('projects', project.slug, project, {
        computed: { cover: `/images/projects/${project.slug}.png` },
        relationships: {
          industry: id('project-filters', project.industry),
          services: project.services.map((path) => id('services', path)),
        },
      }),
    ),
    ...seed.vacancies.map((vacancy) => resource('vacancies', vacancy.slug, vacancy)),
    ...seed.documents.map((document) => resource('documents', document.slug, document)),
    ...seed.pages.map((page) => resource('pages', page.slug, page)),
    ...seed.redirects.map((redirect) => resource('redirects', redirect.from, redirect)),
  ];
}
