import type { Infer } from 'superstruct';
import type {
  AgencyRecord,
  ArticleFilterRecord,
  ArticleRecord,
  ArticleSummaryRecord,
  AuthorRecord,
  DocumentRecord,
  DocumentSummaryRecord,
  OfficeRecord,
  PageRecord,
  ProjectFilterRecord,
  ProjectRecord,
  ProjectSummaryRecord,
  ServiceNodeRecord,
  ServiceRecord,
  SpecializationRecord,
  VacancyRecord,
  VacancySummaryRecord,
} from './records.ts';
import type { JsonValue } from './model/fieldRules.ts';

/**
 * The content the site shows (§1, §3, §7), as loaders see it (implemented by
 * `server/platform/content/client/contentClient.ts`). `null` is a record that does not exist; an
 * outage with nothing cached throws `ContentUnavailableError`, a 503 in loaders; an outage after a
 * success returns the last good content. Everything is plain JSON (dates `YYYY-MM-DD`).
 */
export interface ContentApi {
  /** Content was published: reload every cached document before its next use (server only). */
  expireCache?(): void;
  /** The agency: name, legal details, both offices (§3 contacts), e-mails, social links. */
  agency(): Promise<Agency>;

  /** Blog tags (§7: `GET {api}/article-filters?fields[article-filters]=slug,title`). */
  articleFilters(): Promise<readonly ArticleFilter[]>;
  /** §8: never throws for an outage; `failed` renders the blog without tags and with {@link TAG_LIST_FAILURE_MESSAGE}. */
  articleFiltersOrFailure(): Promise<{ readonly filters: readonly ArticleFilter[]; readonly failed: boolean }>;
  /** Project industries in menu order (§7: `fields[project-filters]=slug,title,filterType`). */
  projectFilters(): Promise<readonly ProjectFilter[]>;
  /** §3 the agency's specializations, one per industry, in menu order. */
  specializations(): Promise<readonly Specialization[]>;

  /** The services tree of §2 (roots in menu order, children nested). */
  services(): Promise<readonly ServiceNode[]>;
  /** One service page by its path under /services/, e.g. `razrabotka/razrabotka-saytov`. */
  service(path: string): Promise<Service | null>;

  /** Blog articles, newest first, one page of them plus the total for pagination. */
  articles(query: ArticlesQuery): Promise<ArticlePage>;
  /** One article with its author, tags and body rendered to HTML. */
  article(slug: string): Promise<Article | null>;

  /** Every author (ids 1–16 of §3; ids 9 and 10 have `slug: null`). */
  authors(): Promise<readonly Author[]>;
  /** An author by numeric id (the `redirect-author` map of §2) or by slug. */
  author(idOrSlug: number | string): Promise<Author | null>;

  /** Portfolio case studies, newest first; `industry` is a project-filter slug. */
  projects(query?: ProjectsQuery): Promise<readonly ProjectSummary[]>;
  /** One case study with its body rendered to HTML. */
  project(slug: string): Promise<Project | null>;

  /** Open vacancies and the internship (slug `stazhirovka`). */
  vacancies(): Promise<readonly VacancySummary[]>;
  vacancy(slug: string): Promise<Vacancy | null>;

  /** The words of a page that is not a record itself (home, about, career, …). */
  page(name: PageName): Promise<Page | null>;

  /** Legal documents (privacy policy, cookie policy, terms…), in their `order`. */
  documents(): Promise<readonly DocumentSummary[]>;
  document(slug: string): Promise<LegalDocument | null>;

  /** §2 per-path redirect target (an absolute URL or a site path), or `null`, also when it cannot be looked up. */
  redirectFor(path: string): Promise<string | null>;
}

/** §8: the toast shown when the blog's tag list could not be fetched. */
export const TAG_LIST_FAILURE_MESSAGE = 'Не удалось получить список тегов';

// The content's shapes, inferred from `records.ts` (type-only: no schema reaches the browser bundle).

/** What a page receives: plain JSON it must not change. */
type Content<T> = T extends readonly (infer Item)[]
  ? readonly Content<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: Content<T[Key]> }
    : T;

export type GeoPoint = Office['geo'];

/** §3 Contact: city, phone (`+7 812 409-35-17`; for `tel:` keep only digits and the plus), address, email, hours, map point. */
export type Office = Content<Infer<typeof OfficeRecord>>;

/** §3 Social links (vc, telegram, dribbble, vimeo, vk, youtube, behance, dprofile); a network the agency is not on is absent. */
export type SocialLinks = Readonly<Partial<Record<keyof Infer<typeof AgencyRecord>['social'], string>>>;

/** The agency: head office first; `vacanciesBoardUrl` and `partnerProgramUrl` are external (§2: a new tab). */
export type Agency = Content<Omit<Infer<typeof AgencyRecord>, 'social'>> & { readonly social: SocialLinks };

export type ArticleFilter = Content<Infer<typeof ArticleFilterRecord>>;
export type ProjectFilter = Content<Infer<typeof ProjectFilterRecord>>;

/** §3 Specialization card (`specializationHref`, shared/blocks/SpecializationCard.tsx). */
export type Specialization = Content<Infer<typeof SpecializationRecord>>;

/** A service in the tree: path under /services/ without slashes around it (`razrabotka/razrabotka-saytov`). */
export interface ServiceNode extends Content<Infer<typeof ServiceNodeRecord>> {
  readonly children: readonly ServiceNode[];
}

type ServiceRecordShape = Content<Infer<typeof ServiceRecord>>;
export type ServiceStage = ServiceRecordShape['stages'][number];
/** `from` in roubles. */
export type ServicePrice = Omit<ServiceRecordShape['price'], 'note'> & { readonly note: string | null };
export type FaqItem = ServiceRecordShape['faq'][number];

export type Service = Omit<ServiceRecordShape, 'price'> & {
  readonly price: ServicePrice;
  /** Path of the parent service, `null` for a top-level one (breadcrumbs). */
  readonly parentPath: string | null;
  /** Direct sub-services, in menu order. */
  readonly children: readonly ServiceNode[];
};

/** §3: ids 1–16; `slug` is `null` for authors 9 and 10, who have no page. */
export type Author = Content<Infer<typeof AuthorRecord>>;

/** The highest `page[number]` the content service answers; a `?page=` beyond it is no page. */
export const MAX_PAGE_NUMBER = 10_000;

/** The largest list page the content service gives (JSON:API `page[size]`): lists read whole are read in pages of it. */
export const CONTENT_PAGE_SIZE_MAX = 100;

export interface ArticlesQuery {
  /** Article-filter slug. */
  readonly tag?: string;
  readonly authorId?: number;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
}

/** An article in a list: dates are `YYYY-MM-DD`. */
export type ArticleSummary = Content<Infer<typeof ArticleSummaryRecord>>;

/** `html`: the body rendered from Markdown; raw HTML in the source is escaped, never passed through. */
export type Article = WithHtml<Infer<typeof ArticleRecord>>;

export interface ArticlePage {
  readonly items: readonly ArticleSummary[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
}

export interface ProjectsQuery {
  /** Project-filter slug (§2: /projects/{slug}). */
  readonly industry?: string;
  readonly featured?: boolean;
}

export type ProjectSummary = Content<Infer<typeof ProjectSummaryRecord>>;
export type ProjectResult = ProjectSummary['results'][number];

/** A case study (`## Задача`, `## Решение`, `## Результат`) with its body rendered to HTML. */
export type Project = WithHtml<Infer<typeof ProjectRecord>>;

/** A vacancy or the internship (slug `stazhirovka`); `city` is a city or «Удалённо». */
export type VacancySummary = Content<Infer<typeof VacancySummaryRecord>>;
export type Employment = VacancySummary['employment'];
export type Vacancy = WithHtml<Infer<typeof VacancyRecord>>;

/** A record whose Markdown `body` the content client rendered to `html`. */
type WithHtml<R extends { body: string }> = Content<Omit<R, 'body'>> & { readonly html: string };

/** Pages whose words live in `pages` resources. */
export const PAGE_NAMES = [
  'home',
  'about',
  'career',
  'contacts',
  'documents',
  'referral',
  'subscribe',
  'request',
  'success-request',
  'services',
  'projects',
  'blog',
  'sitemap',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/** `blocks` is free-form per page (see `server/platform/content/service/seed/pages/<name>.json`); the page narrows it. */
export type Page = Content<Omit<Infer<typeof PageRecord>, 'slug' | 'blocks'>> & {
  readonly name: PageName;
  readonly blocks: { readonly [block: string]: JsonValue };
};

export type DocumentSummary = Content<Infer<typeof DocumentSummaryRecord>>;
export type LegalDocument = WithHtml<Infer<typeof DocumentRecord>>;
