import type { Struct } from 'superstruct';
import type {
  Agency, Article, ArticleFilter, ArticlePage, ArticlesQuery, Author, ContentApi, DocumentSummary,
  LegalDocument, Page, PageName, Project, ProjectFilter, ProjectsQuery, ProjectSummary, Service,
  ServiceNode, Specialization, Vacancy, VacancySummary,
} from './contentApi.ts';
import { PAGE_NAMES } from './contentApi.ts';
import {
  AgencyRecord, ArticleFilterRecord, ArticleRecord, ArticleSummaryRecord, AuthorRecord,
  DocumentRecord, DocumentSummaryRecord, PageRecord, ProjectFilterRecord, ProjectRecord,
  ProjectSummaryRecord, RedirectRecord, ServiceNodeRecord, ServiceRecord, SpecializationRecord,
  VacancyRecord, VacancySummaryRecord,
} from './documentSchemas.ts';
import { deserializeMany, deserializeOne, type CollectionPage } from './deserialize.ts';
import { ContentError, ContentResponseError } from './errors.ts';
import { jsonApiPath, type JsonApiQuery } from './jsonApiQuery.ts';
import { renderMarkdown } from './markdown.ts';
import { StaleWhileRevalidateCache } from './staleWhileRevalidate.ts';
import { getDocument, type Transport } from './transport.ts';

export interface ContentLogger {
  warn(details: object, message: string): void;
}

export interface ContentClientOptions {
  /** Base URL of the JSON:API service, no trailing slash (`CONTENT_API_URL`). */
  readonly baseUrl: string;
  /** Defaults to `fetch`; the embedded service passes its in-process transport. */
  readonly transport?: Transport;
  readonly timeoutMs: number;
  readonly cacheTtlMs: number;
  readonly cacheMax?: number;
  readonly logger: ContentLogger;
  /** Told of every load from the service (after its retries): the server's metrics. */
  readonly onFetch?: (ok: boolean) => void;
}

/** Readiness of the content source, as `/readyz` reports it. */
export interface ContentHealth {
  readonly ready: boolean;
  /** `ok`, `degraded: …` (serving cached content) or `unavailable: …`. */
  readonly status: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SERVICE_PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,4}$/;
/** Largest page the service accepts; lists are read in pages of this size. */
const PAGE_SIZE = 100;
/** A list longer than this many pages is a service bug, not content. */
const MAX_PAGES = 50;

const ARTICLE_SUMMARY_FIELDS = ['slug', 'title', 'description', 'date', 'updated', 'readingMinutes', 'cover', 'author', 'tags'];
const PROJECT_SUMMARY_FIELDS = ['slug', 'title', 'client', 'industry', 'year', 'date', 'description', 'results', 'featured', 'cover'];
const VACANCY_SUMMARY_FIELDS = ['slug', 'title', 'department', 'city', 'employment', 'experience', 'salaryFrom', 'salaryTo', 'datePosted', 'validThrough'];
const SERVICE_NODE_FIELDS = ['path', 'title', 'menuTitle', 'category', 'order'];
const AUTHOR_FIELDS = ['slug', 'name', 'position', 'bio'];

/**
 * The site's content client: JSON:API over a transport, every document validated, results
 * cached with stale-while-revalidate. Runs only on the server (loaders, middleware); the
 * browser gets content through the page data endpoint, never from the service (decision 002).
 *
 * Cache keys are the JSON:API request paths, so a log line, a cache entry and the service's
 * access log name the same request.
 */
export class ContentClient implements ContentApi {
  readonly #options: ContentClientOptions;
  readonly #transport: Transport;
  readonly #cache: StaleWhileRevalidateCache;
  #lastFailure: { readonly at: number; readonly message: string } | null = null;

  constructor(options: ContentClientOptions) {
    this.#options = options;
    this.#transport = options.transport ?? ((url, init) => fetch(url, init));
    this.#cache = new StaleWhileRevalidateCache({
      ttlMs: options.cacheTtlMs,
      max: options.cacheMax ?? 2000,
      onError: (key, error) => {
        this.#lastFailure = { at: Date.now(), message: error instanceof Error ? error.message : String(error) };
        options.logger.warn({ err: error, request: key }, 'content request failed');
      },
    });
  }

  // ---- ContentApi -------------------------------------------------------------------------

  agency(): Promise<Agency> {
    return this.#agency();
  }

  articleFilters(): Promise<readonly ArticleFilter[]> {
    // §7, literally: GET {api}/article-filters?fields[article-filters]=slug,title
    return this.#all('/article-filters', { fields: { 'article-filters': ['slug', 'title'] } }, ArticleFilterRecord, false);
  }

  async articleFiltersOrFailure(): Promise<{ readonly filters: readonly ArticleFilter[]; readonly failed: boolean }> {
    try {
      return { filters: await this.articleFilters(), failed: false };
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      // §8: not fatal; the blog renders without tags and shows the toast.
      return { filters: [], failed: true };
    }
  }

  projectFilters(): Promise<readonly ProjectFilter[]> {
    // §7: GET {api}/project-filters?fields[project-filters]=slug,title,filterType
    return this.#all('/project-filters', { fields: { 'project-filters': ['slug', 'title', 'filterType'] } }, ProjectFilterRecord, false);
  }

  specializations(): Promise<readonly Specialization[]> {
    return this.#all('/specializations', { fields: { specializations: ['slug', 'title', 'description', 'url'] } }, SpecializationRecord, false);
  }

  async services(): Promise<readonly ServiceNode[]> {
    const flat = await this.#all('/services', { fields: { services: SERVICE_NODE_FIELDS }, sort: ['order', 'path'] }, ServiceNodeRecord);
    // Every page's root loader asks for the tree: build it once per cached list, not per request.
    let tree = treeOf.get(flat);
    if (tree === undefined) {
      tree = buildTree(flat);
      treeOf.set(flat, tree);
    }
    return tree;
  }

  async service(path: string): Promise<Service | null> {
    if (!SERVICE_PATH.test(path)) return null;
    const [record, tree] = await Promise.all([
      this.#one(`/services/${path}`, {
        include: ['relatedProjects', 'relatedProjects.industry'],
        fields: { services: Object.keys(ServiceRecord.schema), projects: PROJECT_SUMMARY_FIELDS },
      }, ServiceRecord),
      this.services(),
    ]);
    if (record === null) return null;
    const segments = record.path.split('/');
    return {
      ...record,
      price: { ...record.price, note: record.price.note ?? null },
      parentPath: segments.length > 1 ? segments.slice(0, -1).join('/') : null,
      children: findNode(tree, record.path)?.children ?? [],
    };
  }

  async articles(query: ArticlesQuery): Promise<ArticlePage> {
    const page = Math.max(1, Math.trunc(query.page));
    const pageSize = Math.min(PAGE_SIZE, Math.max(1, Math.trunc(query.pageSize)));
    if ((query.tag !== undefined && !SLUG.test(query.tag)) || (query.authorId !== undefined && !Number.isInteger(query.authorId))) {
      return { items: [], total: 0, page, pageSize, pageCount: 0 };
    }
    const path = jsonApiPath('/articles', {
      fields: { articles: ARTICLE_SUMMARY_FIELDS, authors: AUTHOR_FIELDS },
      include: ['author', 'tags'],
      filter: { tag: query.tag, author: query.authorId },
      sort: ['-date'],
      page: { number: page, size: pageSize },
    });
    return this.#cached(path, async () => {
      const result = await this.#getMany(this.#url(path), `GET ${path}`, ArticleSummaryRecord);
      return { items: result.items, total: result.total, page, pageSize, pageCount: Math.ceil(result.total / pageSize) };
    });
  }

  article(slug: string): Promise<Article | null> {
    if (!SLUG.test(slug)) return Promise.resolve(null);
    return this.#one(`/articles/${slug}`, { include: ['author', 'tags'] }, ArticleRecord, ({ body, ...article }) => ({
      ...article,
      html: renderMarkdown(body),
    }));
  }

  authors(): Promise<readonly Author[]> {
    return this.#all('/authors', {}, AuthorRecord);
  }

  async author(idOrSlug: number | string): Promise<Author | null> {
    const text = String(idOrSlug);
    if (/^[1-9]\d{0,3}$/.test(text)) return this.#one(`/authors/${text}`, {}, AuthorRecord);
    if (!SLUG.test(text)) return null;
    const matches = await this.#all('/authors', { filter: { slug: text } }, AuthorRecord);
    return matches[0] ?? null;
  }

  projects(query: ProjectsQuery = {}): Promise<readonly ProjectSummary[]> {
    if (query.industry !== undefined && !SLUG.test(query.industry)) return Promise.resolve([]);
    return this.#all('/projects', {
      fields: { projects: PROJECT_SUMMARY_FIELDS },
      include: ['industry'],
      filter: { industry: query.industry, featured: query.featured },
      sort: ['-date'],
    }, ProjectSummaryRecord);
  }

  project(slug: string): Promise<Project | null> {
    if (!SLUG.test(slug)) return Promise.resolve(null);
    return this.#one(`/projects/${slug}`, { include: ['industry', 'services'], fields: { services: ['path', 'title'] } }, ProjectRecord, ({ body, ...project }) => ({
      ...project,
      html: renderMarkdown(body),
    }));
  }

  vacancies(): Promise<readonly VacancySummary[]> {
    return this.#all('/vacancies', { fields: { vacancies: VACANCY_SUMMARY_FIELDS } }, VacancySummaryRecord);
  }

  vacancy(slug: string): Promise<Vacancy | null> {
    if (!SLUG.test(slug)) return Promise.resolve(null);
    return this.#one(`/vacancies/${slug}`, {}, VacancyRecord, ({ body, ...vacancy }) => ({ ...vacancy, html: renderMarkdown(body) }));
  }

  page(name: PageName): Promise<Page | null> {
    if (!(PAGE_NAMES as readonly string[]).includes(name)) return Promise.resolve(null);
    return this.#one(`/pages/${name}`, {}, PageRecord, ({ slug: _slug, ...page }) => ({ ...page, name }));
  }

  documents(): Promise<readonly DocumentSummary[]> {
    return this.#all('/documents', { fields: { documents: ['slug', 'title', 'updated', 'order'] }, sort: ['order'] }, DocumentSummaryRecord);
  }

  document(slug: string): Promise<LegalDocument | null> {
    if (!SLUG.test(slug)) return Promise.resolve(null);
    return this.#one(`/documents/${slug}`, {}, DocumentRecord, ({ body, ...document }) => ({ ...document, html: renderMarkdown(body) }));
  }

  async redirectFor(path: string): Promise<string | null> {
    let redirects: ReadonlyMap<string, string>;
    try {
      redirects = await this.#redirectMap();
    } catch (error) {
      if (error instanceof ContentError) return null;
      throw error;
    }
    // Paths are compared with and without the trailing slash (§2 adds it to every path).
    const withSlash = path.endsWith('/') ? path : `${path}/`;
    return redirects.get(path) ?? redirects.get(withSlash) ?? redirects.get(withSlash.slice(0, -1)) ?? null;
  }

  // ---- Operations -------------------------------------------------------------------------

  /**
   * Reloads the lists every page depends on (tags, filters, redirects, menu, contacts) so they
   * stay warm and fresh between visits; run by the refresh job. A failure keeps the last good
   * lists and is reported to the caller.
   */
  async refreshLists(): Promise<{ readonly refreshed: number; readonly failed: readonly string[] }> {
    const force = { forceRefresh: true };
    const jobs: [string, () => Promise<unknown>][] = [
      ['article-filters', () => this.#all('/article-filters', { fields: { 'article-filters': ['slug', 'title'] } }, ArticleFilterRecord, false, force)],
      ['project-filters', () => this.#all('/project-filters', { fields: { 'project-filters': ['slug', 'title', 'filterType'] } }, ProjectFilterRecord, false, force)],
      ['redirects', () => this.#redirectMap(force)],
      ['services', () => this.#all('/services', { fields: { services: SERVICE_NODE_FIELDS }, sort: ['order', 'path'] }, ServiceNodeRecord, true, force)],
      ['agency', () => this.#agency(force)],
    ];
    const results = await Promise.allSettled(jobs.map(([, job]) => job()));
    const failed = jobs.filter((_, index) => results[index]!.status === 'rejected').map(([name]) => name);
    return { refreshed: jobs.length - failed.length, failed };
  }

  /**
   * Asks the service directly (no cache) whether it answers. Reachable → ready; unreachable but
   * content cached → still ready, degraded (pages render from the cache); nothing at all → not ready.
   */
  async health(): Promise<ContentHealth> {
    const path = jsonApiPath('/article-filters', { fields: { 'article-filters': ['slug'] }, page: { size: 1 } });
    try {
      const result = await getDocument(this.#url(path), `GET ${path}`, { transport: this.#transport, timeoutMs: this.#options.timeoutMs, retries: 0 });
      if (result.status !== 200) throw new ContentResponseError(`GET ${path}`, 'status', 'the tag list is missing');
      return { ready: true, status: 'ok' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return this.#cache.size > 0
        ? { ready: true, status: `degraded: serving cached content; ${message}` }
        : { ready: false, status: `unavailable: ${message}` };
    }
  }

  /**
   * Content published: every cached document is reloaded before its next use (a failed reload
   * still serves the last good copy). Called by on-demand revalidation (server/revalidation/).
   */
  expireCache(): void {
    this.#cache.expireAll();
  }

  /** The last failed content request, for logs and diagnostics. */
  get lastFailure(): { readonly at: number; readonly message: string } | null {
    return this.#lastFailure;
  }

  // ---- Plumbing ---------------------------------------------------------------------------

  #agency(options?: { forceRefresh?: boolean }): Promise<Agency> {
    return this.#one('/agency', { include: ['offices'] }, AgencyRecord, (agency) => ({
      ...agency,
      social: Object.fromEntries(Object.entries(agency.social).filter(([, url]) => url !== undefined)),
      // Head office first: header and footer list it first (§2).
      offices: [...agency.offices].sort((a, b) => Number(b.isHeadOffice) - Number(a.isHeadOffice)),
    }), options).then(required('/agency'));
  }

  #url(path: string): string {
    return `${this.#options.baseUrl}${path}`;
  }

  #cached<T>(key: string, load: () => Promise<T>, options?: { forceRefresh?: boolean }): Promise<T> {
    const onFetch = this.#options.onFetch;
    if (onFetch === undefined) return this.#cache.get(key, load, options);
    return this.#cache.get(key, () => load().then(
      (value) => {
        onFetch(true);
        return value;
      },
      (error: unknown) => {
        onFetch(false);
        throw error;
      },
    ), options);
  }

  #redirectMap(options?: { forceRefresh?: boolean }): Promise<ReadonlyMap<string, string>> {
    return this.#cached('redirects:map', async () => {
      const redirects = await this.#fetchAll(jsonApiPath('/redirects', { page: { size: PAGE_SIZE } }), RedirectRecord);
      return new Map(redirects.map((redirect) => [redirect.from, redirect.to]));
    }, options);
  }

  /** One resource, cached; `null` when the service answers 404. */
  #one<R, T = R>(path: string, query: JsonApiQuery, struct: Struct<R, any>, map?: (record: R) => T, options?: { forceRefresh?: boolean }): Promise<T | null> {
    const fullPath = jsonApiPath(path, query);
    return this.#cached(fullPath, async () => {
      const record = await this.#fetchOne(fullPath, struct);
      return record === null ? null : map ? map(record) : (record as unknown as T);
    }, options);
  }

  async #fetchOne<R>(fullPath: string, struct: Struct<R, any>): Promise<R | null> {
    const endpoint = `GET ${fullPath}`;
    const result = await getDocument(this.#url(fullPath), endpoint, this.#getOptions());
    return result.status === 404 ? null : deserializeOne(result.body, struct, endpoint);
  }

  /** Every page of a collection, cached as one list. */
  #all<T>(path: string, query: JsonApiQuery, struct: Struct<T, any>, paged = true, options?: { forceRefresh?: boolean }): Promise<T[]> {
    const fullPath = jsonApiPath(path, paged ? { ...query, page: { size: PAGE_SIZE } } : query);
    return this.#cached(fullPath, () => this.#fetchAll(fullPath, struct), options);
  }

  async #fetchAll<T>(fullPath: string, struct: Struct<T, any>): Promise<T[]> {
    const items: T[] = [];
    let url: string | null = this.#url(fullPath);
    for (let pages = 0; url !== null; pages += 1) {
      const endpoint: string = `GET ${url.slice(this.#options.baseUrl.length) || url}`;
      if (pages >= MAX_PAGES) throw new ContentResponseError(endpoint, 'links.next', `more than ${MAX_PAGES} pages`);
      const result: CollectionPage<T> = await this.#getMany(url, endpoint, struct);
      items.push(...result.items);
      url = result.next === null ? null : this.#sameService(result.next, url, endpoint);
    }
    return items;
  }

  async #getMany<T>(url: string, endpoint: string, struct: Struct<T, any>) {
    const result = await getDocument(url, endpoint, this.#getOptions());
    // A collection never 404s in JSON:API; one that does has no such collection.
    if (result.status === 404) throw new ContentResponseError(endpoint, 'status', 'the collection does not exist (404)');
    return deserializeMany(result.body, struct, endpoint);
  }

  /** `links.next` resolved against the request; a link leaving the service is refused. */
  #sameService(next: string, current: string, endpoint: string): string {
    const resolved = new URL(next, current);
    if (!resolved.href.startsWith(this.#options.baseUrl)) {
      throw new ContentResponseError(endpoint, 'links.next', 'points outside the content service');
    }
    return resolved.href;
  }

  #getOptions() {
    return { transport: this.#transport, timeoutMs: this.#options.timeoutMs, retries: 1 };
  }
}

function required(endpoint: string) {
  return <T>(value: T | null): T => {
    if (value === null) throw new ContentResponseError(`GET ${endpoint}`, 'data', 'the resource does not exist (404)');
    return value;
  };
}

/** Trees by the cached flat list they were built from; a refreshed list is a new key. */
const treeOf = new WeakMap<readonly object[], readonly ServiceNode[]>();

/** The §2 services tree from the flat list: a service's parent is its path minus the last slug. */
function buildTree(flat: readonly { path: string; title: string; menuTitle: string; category: string; order: number }[]): ServiceNode[] {
  const byParent = new Map<string, typeof flat[number][]>();
  for (const service of flat) {
    const parent = service.path.split('/').slice(0, -1).join('/');
    byParent.set(parent, [...(byParent.get(parent) ?? []), service]);
  }
  const nodes = (parent: string): ServiceNode[] => (byParent.get(parent) ?? [])
    .sort((a, b) => a.order - b.order || a.path.localeCompare(b.path, 'ru-RU'))
    .map((service) => ({ ...service, children: nodes(service.path) }));
  return nodes('');
}

function findNode(tree: readonly ServiceNode[], path: string): ServiceNode | undefined {
  for (const node of tree) {
    if (node.path === path) return node;
    if (path.startsWith(`${node.path}/`)) return findNode(node.children, path);
  }
  return undefined;
}
