/**
 * The content the site shows (§1, §3, §7), as loaders and server middleware see it. Pages code
 * against this interface only; the implementation (`server/content-client/contentClient.ts`) talks
 * JSON:API to the content service, validates every document and caches the results.
 *
 * Contract shared by every method:
 * - `null` means "this record does not exist" (the service answered 404 or an empty list);
 *   a loader turns it into `throw data(null, { status: 404 })`.
 * - When the service is down or answers garbage and nothing is cached, the method throws
 *   `ContentUnavailableError` (`server/content-client/errors.ts`). Inside loaders (`context.content`)
 *   that error already arrives as a 503 route error response (the error page «Ошибка
 *   приложения» with `Retry-After`), so loaders need no try/catch for it.
 * - When the service is down but the same request succeeded before, the last good content is
 *   returned (stale-while-revalidate): a page rendered once keeps rendering.
 * - Everything returned is plain JSON (strings, numbers, booleans, arrays, objects; dates are
 *   ISO `YYYY-MM-DD` strings), so loader data crosses to the browser unchanged.
 */
export interface ContentApi {
  /** Content was published: reload every cached document before its next use (server only). */
  expireCache?(): void;
  /** The agency: name, legal details, both offices (§3 contacts), e-mails, social links. */
  agency(): Promise<Agency>;

  /** Blog tags (§7: `GET {api}/article-filters?fields[article-filters]=slug,title`). */
  articleFilters(): Promise<readonly ArticleFilter[]>;
  /**
   * The blog's tag list where its failure is not fatal (§8): never throws for an outage;
   * `failed: true` tells the blog page to render without tags and show the toast
   * {@link TAG_LIST_FAILURE_MESSAGE}.
   */
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

  /**
   * §2 per-path lookup: where `path` (a site path, e.g. `/old/page/`) should redirect, or
   * `null`. An absolute URL target means "navigate the browser there", a path means "follow
   * inside the app". Never throws for an outage: a lookup that cannot be made is `null`, so a
   * broken redirect list never takes pages down.
   */
  redirectFor(path: string): Promise<string | null>;
}

/** §8: the toast shown when the blog's tag list could not be fetched. */
export const TAG_LIST_FAILURE_MESSAGE = 'Не удалось получить список тегов';

// ---- Agency and contacts (§3) ------------------------------------------------------------

export interface GeoPoint {
  readonly lat: number;
  readonly lng: number;
}

/** §3 Contact: city, phone, address, email; plus hours and map point for the contacts page. */
export interface Office {
  readonly city: string;
  /** `+7 812 409-35-17`; for `tel:` links strip everything but digits and the plus. */
  readonly phone: string;
  readonly address: string;
  readonly email: string;
  readonly hours: string;
  readonly geo: GeoPoint;
  readonly isHeadOffice: boolean;
}

export const SOCIAL_NETWORKS = ['vc', 'telegram', 'dribbble', 'vimeo', 'vk', 'youtube', 'behance', 'dprofile'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
/** §3 Social links; a network the agency is not on is absent. */
export type SocialLinks = Readonly<Partial<Record<SocialNetwork, string>>>;

export interface Agency {
  readonly name: string;
  readonly legalName: string;
  readonly inn: string;
  readonly kpp: string | null;
  readonly ogrn: string;
  readonly legalAddress: string | null;
  readonly foundedYear: number;
  readonly siteUrl: string;
  readonly slogan: string;
  readonly emails: { readonly collaboration: string; readonly vacancies: string };
  /** Head office first. */
  readonly offices: readonly Office[];
  readonly social: SocialLinks;
  /** External job-board page (§2: opens in a new tab). */
  readonly vacanciesBoardUrl: string;
  /** External partner-program site (§2: opens in a new tab). */
  readonly partnerProgramUrl: string;
}

// ---- Filters (§3) -------------------------------------------------------------------------

export interface ArticleFilter {
  readonly slug: string;
  readonly title: string;
}

export interface ProjectFilter {
  readonly slug: string;
  readonly title: string;
  readonly filterType: string;
}

/**
 * §3 Specialization card. The card links to `url`, or to `/projects/{slug}/` without one
 * (`specializationHref`, shared/blocks/SpecializationCard.tsx).
 */
export interface Specialization {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  /** A site path or an absolute http(s) URL; `null`: the industry's projects. */
  readonly url: string | null;
}

// ---- Services (§2, §3) --------------------------------------------------------------------

export interface ServiceNode {
  /** Path under /services/ without slashes around it: `razrabotka/razrabotka-saytov`. */
  readonly path: string;
  readonly title: string;
  readonly menuTitle: string;
  /** One of the §3 service categories (Russian label). */
  readonly category: string;
  readonly order: number;
  readonly children: readonly ServiceNode[];
}

export interface ServiceItem {
  readonly title: string;
  readonly text: string;
}

export interface ServiceStage extends ServiceItem {
  readonly duration: string;
}

export interface ServicePrice {
  /** Roubles. */
  readonly from: number;
  readonly currency: string;
  readonly note: string | null;
}

export interface FaqItem {
  readonly question: string;
  readonly answer: string;
}

export interface Service {
  readonly path: string;
  readonly title: string;
  readonly menuTitle: string;
  readonly category: string;
  readonly order: number;
  /** `<title>` of the page. */
  readonly seoTitle: string;
  /** Meta description. */
  readonly description: string;
  readonly lead: string;
  readonly included: readonly ServiceItem[];
  readonly stages: readonly ServiceStage[];
  readonly timeline: string;
  readonly price: ServicePrice;
  readonly faq: readonly FaqItem[];
  /** Path of the parent service, `null` for a top-level one (breadcrumbs). */
  readonly parentPath: string | null;
  /** Direct sub-services, in menu order. */
  readonly children: readonly ServiceNode[];
  readonly relatedProjects: readonly ProjectSummary[];
}

// ---- Blog ---------------------------------------------------------------------------------

export interface Author {
  /** 1–16 (§3). */
  readonly id: number;
  /** `null` for authors 9 and 10, who have no page (§3). */
  readonly slug: string | null;
  readonly name: string;
  readonly position: string;
  readonly bio: string;
}

/**
 * The highest `page[number]` the content service answers (larger is a 400 there); list pages of
 * the site treat a `?page=` beyond it as a page that does not exist.
 */
export const MAX_PAGE_NUMBER = 10_000;

export interface ArticlesQuery {
  /** Article-filter slug. */
  readonly tag?: string;
  readonly authorId?: number;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
}

export interface ArticleSummary {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  /** Publication date, `YYYY-MM-DD`. */
  readonly date: string;
  readonly updated: string | null;
  /** Whole minutes, at least 1. */
  readonly readingMinutes: number;
  /** Public path of the cover PNG, `/images/articles/<slug>.png` (serve it through /_ipx). */
  readonly cover: string;
  readonly author: Author;
  readonly tags: readonly ArticleFilter[];
}

export interface Article extends ArticleSummary {
  /** Body rendered from Markdown; raw HTML in the source is escaped, never passed through. */
  readonly html: string;
}

export interface ArticlePage {
  readonly items: readonly ArticleSummary[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
}

// ---- Portfolio ----------------------------------------------------------------------------

export interface ProjectsQuery {
  /** Project-filter slug (§2: /projects/{slug}). */
  readonly industry?: string;
  readonly featured?: boolean;
}

export interface ProjectResult {
  readonly value: string;
  readonly label: string;
}

export interface ServiceLink {
  readonly path: string;
  readonly title: string;
}

export interface ProjectSummary {
  readonly slug: string;
  readonly title: string;
  readonly client: string;
  readonly industry: ProjectFilter;
  readonly year: number;
  readonly date: string;
  readonly description: string;
  readonly results: readonly ProjectResult[];
  readonly featured: boolean;
  /** `/images/projects/<slug>.png`. */
  readonly cover: string;
}

export interface Project extends ProjectSummary {
  readonly services: readonly ServiceLink[];
  /** Case study (`## Задача`, `## Решение`, `## Результат`) rendered to HTML. */
  readonly html: string;
}

// ---- Careers ------------------------------------------------------------------------------

export type Employment = 'full' | 'part' | 'internship';

export interface VacancySummary {
  readonly slug: string;
  readonly title: string;
  readonly department: string;
  /** A city or «Удалённо». */
  readonly city: string;
  readonly employment: Employment;
  readonly experience: string;
  readonly salaryFrom: number | null;
  readonly salaryTo: number | null;
  readonly datePosted: string;
  readonly validThrough: string;
}

export interface Vacancy extends VacancySummary {
  readonly html: string;
}

// ---- Pages and documents ------------------------------------------------------------------

/** Pages whose words live in `pages` resources. */
export const PAGE_NAMES = [
  'home', 'about', 'career', 'contacts', 'documents', 'referral', 'subscribe', 'request',
  'success-request', 'services', 'projects', 'blog', 'sitemap',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export interface Page {
  readonly name: PageName;
  readonly title: string;
  readonly description: string;
  /** Free-form per page (see `server/content-service/seed/pages/<name>.json`); the page narrows it. */
  readonly blocks: { readonly [block: string]: JsonValue };
}

export interface DocumentSummary {
  readonly slug: string;
  readonly title: string;
  readonly updated: string;
  readonly order: number;
}

export interface LegalDocument extends DocumentSummary {
  readonly html: string;
}
