import { array, boolean, enums, integer, max, min, nonempty, nullable, object, optional, record, string, type Struct } from 'superstruct';
import { SERVICE_CATEGORIES } from '../serviceCategories.ts';
import {
  Email,
  EMPLOYMENTS,
  Faq,
  GeoPoint,
  HttpUrl,
  Inn,
  IsoDate,
  Item,
  Json,
  Kpp,
  Ogrn,
  Phone,
  Price,
  ProjectResult,
  ServicePath,
  SiteOrHttpUrl,
  SitePath,
  Slug,
  Stage,
  Text,
} from './fieldRules.ts';

/**
 * Every content type (§3, §7), each field declared once, read by both the embedded service (seed
 * schemas, resources) and the content client (records, sparse fieldsets). `optionalAttributes`
 * may be left out (served as `null`); `computedAttributes` are the service's; `markdown` adds `body`.
 */

// Superstruct's own constraint for an object schema (its `ObjectSchema` is not exported).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fields = Record<string, Struct<any, any>>;

export interface Relationship {
  readonly type: string;
  readonly many: boolean;
}

export interface ContentType<
  A extends Fields = Fields,
  O extends Fields = Fields,
  C extends Fields = Fields,
  R extends Readonly<Record<string, Relationship>> = Readonly<Record<string, Relationship>>,
> {
  readonly attributes: A;
  readonly optionalAttributes: O;
  readonly computedAttributes: C;
  readonly markdown: boolean;
  readonly relationships: R;
}

const one = (type: string): Relationship => ({ type, many: false });
const many = (type: string): Relationship => ({ type, many: true });

function contentType<
  A extends Fields,
  O extends Fields = Record<never, never>,
  C extends Fields = Record<never, never>,
  R extends Readonly<Record<string, Relationship>> = Record<never, never>,
>(declaration: {
  readonly attributes: A;
  readonly optionalAttributes?: O;
  readonly computedAttributes?: C;
  readonly markdown?: boolean;
  readonly relationships?: R;
}): ContentType<A, O, C, R> {
  return {
    attributes: declaration.attributes,
    optionalAttributes: declaration.optionalAttributes ?? ({} as O),
    computedAttributes: declaration.computedAttributes ?? ({} as C),
    markdown: declaration.markdown ?? false,
    relationships: declaration.relationships ?? ({} as R),
  };
}

/** Public path of a record's cover PNG, `/images/<type>/<slug>.png` (served through /_ipx). */
const CoverPath = string();

export const CONTENT_TYPES = {
  /** The agency: legal details, e-mails, social links; its offices are `contacts` (§3). */
  agency: contentType({
    attributes: {
      name: Text,
      legalName: Text,
      inn: Inn,
      ogrn: Ogrn,
      foundedYear: min(max(integer(), 2100), 1990),
      siteUrl: HttpUrl,
      slogan: Text,
      emails: object({ collaboration: Email, vacancies: Email }),
      social: object({
        vc: optional(HttpUrl),
        telegram: optional(HttpUrl),
        dribbble: optional(HttpUrl),
        vimeo: optional(HttpUrl),
        vk: optional(HttpUrl),
        youtube: optional(HttpUrl),
        behance: optional(HttpUrl),
        dprofile: optional(HttpUrl),
      }),
      vacanciesBoardUrl: HttpUrl,
      partnerProgramUrl: HttpUrl,
    },
    optionalAttributes: { kpp: Kpp, legalAddress: Text },
    relationships: { offices: many('contacts') },
  }),
  /** §3 Contact: city, phone, address, email; plus hours and map point for the contacts page. */
  contacts: contentType({
    attributes: { city: Text, phone: Phone, address: Text, email: Email, hours: Text, geo: GeoPoint, isHeadOffice: boolean() },
  }),
  'article-filters': contentType({ attributes: { slug: Slug, title: Text } }),
  'project-filters': contentType({ attributes: { slug: Slug, title: Text, filterType: Slug } }),
  /** §3 Specialization card: its slug is its industry's (`/projects/{slug}/` without a `url`). */
  specializations: contentType({ attributes: { slug: Slug, title: Text, description: Text }, optionalAttributes: { url: SiteOrHttpUrl } }),
  /** §3: ids 1–16 (the resource's id); authors 9 and 10 have `slug: null` and no page. */
  authors: contentType({ attributes: { slug: nullable(Slug), name: Text, position: Text, bio: Text } }),
  /** §2 service pages, addressed by their path under /services/. */
  services: contentType({
    attributes: {
      path: ServicePath,
      title: Text,
      menuTitle: Text,
      category: enums(SERVICE_CATEGORIES),
      order: integer(),
      seoTitle: Text,
      description: Text,
      lead: Text,
      included: nonempty(array(Item)),
      stages: nonempty(array(Stage)),
      timeline: Text,
      price: Price,
      faq: array(Faq),
    },
    relationships: { parent: one('services'), children: many('services'), relatedProjects: many('projects') },
  }),
  /** Blog articles, Markdown. */
  articles: contentType({
    attributes: { slug: Slug, title: Text, description: Text, date: IsoDate },
    optionalAttributes: { updated: IsoDate },
    computedAttributes: {
      /** Whole minutes, at least 1. */
      readingMinutes: min(integer(), 1),
      cover: CoverPath,
    },
    markdown: true,
    relationships: { author: one('authors'), tags: many('article-filters') },
  }),
  /** Portfolio case studies, Markdown. */
  projects: contentType({
    attributes: {
      slug: Slug,
      title: Text,
      client: Text,
      year: min(max(integer(), 2100), 2000),
      date: IsoDate,
      description: Text,
      results: array(ProjectResult),
      featured: boolean(),
    },
    computedAttributes: { cover: CoverPath },
    markdown: true,
    relationships: { industry: one('project-filters'), services: many('services') },
  }),
  /** Vacancies and the internship, Markdown; `city` is a city or «Удалённо». */
  vacancies: contentType({
    attributes: {
      slug: Slug,
      title: Text,
      department: Text,
      city: Text,
      employment: enums(EMPLOYMENTS),
      experience: Text,
      datePosted: IsoDate,
      validThrough: IsoDate,
    },
    optionalAttributes: { salaryFrom: min(integer(), 0), salaryTo: min(integer(), 0) },
    markdown: true,
  }),
  /** Legal documents, Markdown, in their `order`. */
  documents: contentType({ attributes: { slug: Slug, title: Text, updated: IsoDate, order: integer() }, markdown: true }),
  /** The words of a page that is not a record itself; `blocks` is free-form per page, and the page narrows it. */
  pages: contentType({ attributes: { slug: Slug, title: Text, description: Text, blocks: record(string(), Json) } }),
  /** §2 per-path lookup: `from` is a site path; `to` a site path or an absolute URL. */
  redirects: contentType({ attributes: { from: SitePath, to: SiteOrHttpUrl } }),
} as const;

export type ContentTypeName = keyof typeof CONTENT_TYPES;
