import type {
  Agency,
  Article,
  ArticleFilter,
  ArticlePage,
  ArticlesQuery,
  Author,
  ContentApi,
  DocumentSummary,
  LegalDocument,
  Page,
  PageName,
  Project,
  ProjectFilter,
  ProjectsQuery,
  ProjectSummary,
  Service,
  ServiceNode,
  Specialization,
  Vacancy,
  VacancySummary,
} from '../../../../shared/content/contentApi.ts';
import { PAGE_NAMES } from '../../../../shared/content/contentApi.ts';
import {
  ArticleRecord,
  ArticleSummaryRecord,
  AuthorRecord,
  DocumentRecord,
  PageRecord,
  ProjectRecord,
  ProjectSummaryRecord,
  ServiceLinkRecord,
  ServiceRecord,
  VacancyRecord,
} from '../../../../shared/content/records.ts';
import { object } from 'superstruct';
import { documentAttributes } from '../../../../shared/content/model/attributeForms.ts';
import { CONTENT_TYPES, type ContentType, type ContentTypeName } from '../../../../shared/content/model/contentTypes.ts';
import { ContentError, ContentResponseError } from './errors.ts';
import { jsonApiPath } from './jsonApiQuery.ts';
import { renderMarkdown } from './markdown.ts';
import { ContentReader, required, type ContentClientOptions, type PublishedRecord, type RefusedRecord } from './reader.ts';
import {
  agencyRead,
  articleFiltersRead,
  authorsRead,
  documentsRead,
  fieldsOf,
  oneRead,
  PAGE_SIZE,
  projectFiltersRead,
  redirectsRead,
  servicesRead,
  specializationsRead,
  vacanciesRead,
} from './reads.ts';
import { serviceTrail } from '../../../../shared/content/serviceTrail.ts';
import { AUTHOR_ID_PATTERN, SERVICE_PATH_PATTERN as SERVICE_PATH, SLUG_PATTERN as SLUG } from '../../../../shared/content/slugs.ts';

/** The cheapest request the service answers, for readiness: one tag's slug. */
const HEALTH_PROBE = jsonApiPath('/article-filters', { fields: { 'article-filters': ['slug'] }, page: { size: 1 } });

/** A record whose `body` is Markdown, shown as the HTML it renders to. */
const withHtml = <R extends { body: string }>({ body, ...record }: R): Omit<R, 'body'> & { html: string } => ({
  ...record,
  html: renderMarkdown(body),
});

/** A load's value, or `fallback` when the content service cannot give it (a `ContentError`). */
async function orWhenUnavailable<T, F>(load: () => Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ContentError) return fallback;
    throw error;
  }
}

/** What pages read (`ContentApi`, each read once in `reads.ts`), server only: the browser reads via the data endpoint (decision 002). */
export class ContentClient implements ContentApi {
  readonly #reader: ContentReader;
  readonly #checkPublished: ContentClientOptions['checkPublished'];

  constructor(options: ContentClientOptions) {
    this.#reader = new ContentReader(options);
    this.#checkPublished = options.checkPublished;
  }

  agency(): Promise<Agency> {
    return this.#reader.one(agencyRead).then(required(agencyRead.path));
  }

  articleFilters(): Promise<readonly ArticleFilter[]> {
    return this.#reader.all(articleFiltersRead);
  }

  /** §8: not fatal; the blog renders without tags and shows the toast. */
  articleFiltersOrFailure(): Promise<{ readonly filters: readonly ArticleFilter[]; readonly failed: boolean }> {
    return orWhenUnavailable(async () => ({ filters: await this.articleFilters(), failed: false }), { filters: [], failed: true });
  }

  projectFilters(): Promise<readonly ProjectFilter[]> {
    return this.#reader.all(projectFiltersRead);
  }

  specializations(): Promise<readonly Specialization[]> {
    return this.#reader.all(specializationsRead);
  }

  async services(): Promise<readonly ServiceNode[]> {
    return serviceTree(await this.#reader.all(servicesRead));
  }

  async service(path: string): Promise<Service | null> {
    if (!SERVICE_PATH.test(path)) return null;
    const [record, tree] = await Promise.all([
      this.#reader.one(
        oneRead(
          `/services/${path}`,
          {
            include: ['relatedProjects', 'relatedProjects.industry'],
            fields: { services: fieldsOf(ServiceRecord), projects: fieldsOf(ProjectSummaryRecord) },
          },
          ServiceRecord,
        ),
      ),
      this.services(),
    ]);
    if (record === null) return null;
    const segments = record.path.split('/');
    return {
      ...record,
      price: { ...record.price, note: record.price.note ?? null },
      parentPath: segments.length > 1 ? segments.slice(0, -1).join('/') : null,
      children: childrenOf(tree, record.path),
    };
  }

  async articles(query: ArticlesQuery): Promise<ArticlePage> {
    const page = Math.max(1, Math.trunc(query.page));
    const pageSize = Math.min(PAGE_SIZE, Math.max(1, Math.trunc(query.pageSize)));
    if ((query.tag !== undefined && !SLUG.test(query.tag)) || (query.authorId !== undefined && !Number.isInteger(query.authorId))) {
      return { items: [], total: 0, page, pageSize, pageCount: 0 };
    }
    const path = jsonApiPath('/articles', {
      fields: { articles: fieldsOf(ArticleSummaryRecord), authors: fieldsOf(AuthorRecord) },
      include: ['author', 'tags'],
      filter: { tag: query.tag, author: query.authorId },
      sort: ['-date'],
      page: { number: page, size: pageSize },
    });
    return this.#reader.cached(path, async () => {
      const result = await this.#reader.collectionPage(path, ArticleSummaryRecord);
      return { items: result.items, total: result.total, page, pageSize, pageCount: Math.ceil(result.total / pageSize) };
    });
  }

  article(slug: string): Promise<Article | null> {
    if (!SLUG.test(slug)) return Promise.resolve(null);
    return this.#reader.one(oneRead(`/articles/${slug}`, { include: ['author', 'tags'] }, ArticleRecord, withHtml));
  }

  authors(): Promise<readonly Author[]> {
    return this.#reader.all(authorsRead);
  }

  async author(idOrSlug: number | string): Promise<Author | null> {
    const text = String(idOrSlug);
    if (AUTHOR_ID_PATTERN.test(text)) return this.#reader.one(oneRead(`/authors/${text}`, {}, AuthorRecord));
    if (!SLUG.test(text)) return null;
    const matches = await this.#reader.all({ ...authorsRead, query: { filter: { slug: text } } });
    return matches[0] ?? null;
  }

  projects(query: ProjectsQuery = {}): Promise<readonly ProjectSummary[]> {
    if (query.industry !== undefined && !SLUG.test(query.industry)) return Promise.resolve([]);
    return this.#reader.all({
      path: '/projects',
      query: {
        fields: { projects: fieldsOf(ProjectSummaryRecord) },
        include: ['industry'],
        filter: { industry: query.industry, featured: query.featured },
        sort: ['-date'],
      },
      struct: ProjectSummaryRecord,
      paged: true,
      map: (projects) => projects,
    });
  }

  project(slug: string): Promise<Project | null> {
    if (!SLUG.test(slug)) return Promise.resolve(null);
    return this.#reader.one(
      oneRead(
        `/projects/${slug}`,
        { include: ['industry', 'services'], fields: { services: fieldsOf(ServiceLinkRecord) } },
        ProjectRecord,
        withHtml,
      ),
    );
  }

  vacancies(): Promise<readonly VacancySummary[]> {
    return this.#reader.all(vacanciesRead);
  }

  vacancy(slug: string): Promise<Vacancy | null> {
    if (!SLUG.test(slug)) return Promise.resolve(null);
    return this.#reader.one(oneRead(`/vacancies/${slug}`, {}, VacancyRecord, withHtml));
  }

  page(name: PageName): Promise<Page | null> {
    if (!(PAGE_NAMES as readonly string[]).includes(name)) return Promise.resolve(null);
    return this.#reader.one(oneRead(`/pages/${name}`, {}, PageRecord, ({ slug: _slug, ...page }) => ({ ...page, name })));
  }

  documents(): Promise<readonly DocumentSummary[]> {
    return this.#reader.all(documentsRead);
  }

  document(slug: string): Promise<LegalDocument | null> {
    if (!SLUG.test(slug)) return Promise.resolve(null);
    return this.#reader.one(oneRead(`/documents/${slug}`, {}, DocumentRecord, withHtml));
  }

  async redirectFor(path: string): Promise<string | null> {
    const redirects = await orWhenUnavailable(() => this.#reader.all(redirectsRead), new Map<string, string>());
    // Paths are compared with and without the trailing slash (§2 adds it to every path).
    const withSlash = path.endsWith('/') ? path : `${path}/`;
    return redirects.get(path) ?? redirects.get(withSlash) ?? redirects.get(withSlash.slice(0, -1)) ?? null;
  }

  /** The refresh job's run: the lists every page reads, reloaded through the same reads; a failure keeps the last good list. */
  async refreshLists(): Promise<{ readonly refreshed: number; readonly failed: readonly string[] }> {
    const force = { forceRefresh: true };
    const lists: readonly (readonly [string, Promise<unknown>])[] = [
      ['article-filters', this.#reader.all(articleFiltersRead, force)],
      ['project-filters', this.#reader.all(projectFiltersRead, force)],
      ['redirects', this.#reader.all(redirectsRead, force)],
      ['services', this.#reader.all(servicesRead, force)],
      ['agency', this.#reader.one(agencyRead, force).then(required(agencyRead.path))],
    ];
    const results = await Promise.allSettled(lists.map(([, refresh]) => refresh));
    const failed = lists.filter((_, index) => results[index]!.status === 'rejected').map(([name]) => name);
    return { refreshed: lists.length - failed.length, failed };
  }

  /** Readiness (`/readyz`): the service asked directly; unreachable with content cached is ready but `degraded`. */
  async health(): Promise<{ readonly ready: boolean; readonly status: string }> {
    try {
      const status = await this.#reader.probe(HEALTH_PROBE);
      if (status !== 200) throw new ContentResponseError(`GET ${HEALTH_PROBE}`, 'status', 'the tag list is missing');
      return { ready: true, status: 'ok' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return this.#reader.cachedEntries > 0
        ? { ready: true, status: `degraded: serving cached content; ${message}` }
        : { ready: false, status: `unavailable: ${message}` };
    }
  }

  /** The published `records` the source refuses, with reasons (decision 021), asked before the publish applies (decision 036). */
  async refusedRecords(records: readonly PublishedRecord[]): Promise<RefusedRecord[]> {
    if (this.#checkPublished !== undefined) return this.#checkPublished(records);
    const refusals = await Promise.all(records.map(async (record) => ({ ...record, reason: await this.#refusalOf(record) })));
    return refusals.flatMap(({ reason, ...record }) => (reason === undefined ? [] : [{ ...record, reason }]));
  }

  /** A CMS's record read afresh by its type and id (`/articles/<slug>`); a type the site does not read is never refused. */
  async #refusalOf({ type, id }: PublishedRecord): Promise<string | undefined> {
    if (!Object.hasOwn(CONTENT_TYPES, type)) return undefined;
    // Its attributes as the type declares them (a relationship is checked where it is included).
    const contentType: ContentType = CONTENT_TYPES[type as ContentTypeName];
    const struct = object(documentAttributes(contentType));
    // A CMS that does not answer refuses nothing: the publish expires the cache, which keeps the last good copy.
    return orWhenUnavailable(() => this.#reader.refusal(`/${type}/${id.split('/').map(encodeURIComponent).join('/')}`, struct), undefined);
  }

  /**
   * The paths a publish of redirects changed (from or to, against the cached list), so only the pages that looked
   * them up are purged (decision 036); asked before the publish applies, `undefined` when the list cannot be read.
   */
  redirectChanges(): Promise<string[] | undefined> {
    return orWhenUnavailable(async () => {
      const before = await this.#reader.all(redirectsRead);
      const after = await this.#reader.all(redirectsRead, { forceRefresh: true });
      const changed = new Set<string>();
      for (const from of new Set([...before.keys(), ...after.keys()])) {
        const [was, is] = [before.get(from), after.get(from)];
        if (was === is) continue;
        changed.add(from);
        for (const to of [was, is]) if (to?.startsWith('/') === true && !to.startsWith('//')) changed.add(to.split(/[?#]/)[0]!);
      }
      return [...changed];
    }, undefined);
  }

  /** Content published: every cached document is reloaded before its next use (a failed reload serves the last good copy). */
  expireCache(): void {
    this.#reader.expireAll();
  }
}

type FlatService = Omit<ServiceNode, 'children'>;

/** Trees by the cached flat list they were built from; a refreshed list is a new key. */
const treeOf = new WeakMap<readonly FlatService[], readonly ServiceNode[]>();

/** The §2 services tree from the flat list (a parent is the path less its last slug), built once per cached list. */
function serviceTree(flat: readonly FlatService[]): readonly ServiceNode[] {
  let tree = treeOf.get(flat);
  if (tree === undefined) {
    tree = buildTree(flat);
    treeOf.set(flat, tree);
  }
  return tree;
}

function buildTree(flat: readonly FlatService[]): ServiceNode[] {
  const byParent = new Map<string, FlatService[]>();
  for (const service of flat) {
    const parent = service.path.split('/').slice(0, -1).join('/');
    byParent.set(parent, [...(byParent.get(parent) ?? []), service]);
  }
  const nodes = (parent: string): ServiceNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.order - b.order || a.path.localeCompare(b.path, 'ru-RU'))
      .map((service) => ({ ...service, children: nodes(service.path) }));
  return nodes('');
}

/** The direct sub-services of `path` in the tree (none when the tree does not hold it). */
function childrenOf(tree: readonly ServiceNode[], path: string): readonly ServiceNode[] {
  return serviceTrail(tree, path).at(-1)?.children ?? [];
}
