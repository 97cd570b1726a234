import {
  array,
  boolean,
  coerce,
  integer,
  lazy,
  literal,
  min,
  nonempty,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  string,
  type,
  union,
  unknown,
  type Struct,
} from 'superstruct';
import {
  Faq,
  IsoDate,
  Item,
  Price,
  ProjectResult,
  SeedAgency,
  SeedArticle,
  SeedArticleFilter,
  SeedAuthor,
  SeedDocument,
  SeedOffice,
  SeedPage,
  SeedProject,
  SeedProjectFilter,
  SeedRedirect,
  SeedService,
  SeedSpecialization,
  SeedVacancy,
  SiteOrHttpUrl,
  Stage,
  Text,
} from '../content-service/seedSchemas.ts';
import { SERVICE_PATH_PATTERN } from '../../shared/routes/slugs.ts';

/**
 * What the site accepts from the content service, checked at the boundary. Two layers:
 * `JsonApiDocument` is the JSON:API envelope (before `jsona` flattens it), the record schemas
 * below are the flattened camelCase records (after). `mask` keeps only the fields listed here,
 * so extra members from a newer service version are dropped, not passed to pages.
 *
 * The records are the seed's attribute shapes (`seedSchemas.ts`), one definition for both; a
 * record overrides only what the document writes differently: related records instead of
 * their slugs, `null` where the seed leaves a field out, what the service computes (covers,
 * reading time, the Markdown `body`). The site's content types are inferred from these
 * (`shared/content/contentApi.ts`).
 */

const ResourceIdentifier = type({ type: string(), id: string() });
const ResourceObject = type({
  type: string(),
  id: string(),
  attributes: optional(record(string(), unknown())),
  relationships: optional(
    record(
      string(),
      type({
        data: optional(union([nullable(ResourceIdentifier), array(ResourceIdentifier)])),
      }),
    ),
  ),
});

export const JsonApiDocument = type({
  data: union([ResourceObject, array(ResourceObject), literal(null)]),
  included: optional(array(ResourceObject)),
  links: optional(record(string(), unknown())),
  meta: optional(record(string(), unknown())),
});

/** `meta` of a paged collection (the embedded service's format). */
export const CollectionMeta = type({ total: min(integer(), 0) });
export const CollectionLinks = type({ next: optional(nullable(string())) });

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

const Json: Struct<JsonValue> = lazy(() =>
  union([string(), number(), boolean(), literal(null), array(Json), record(string(), Json)]),
) as unknown as Struct<JsonValue>;

/** Fields of an object schema, for a record that shares some of the seed's and not others. */
function pick<S extends object, const K extends keyof S>(schema: S, keys: readonly K[]): Pick<S, K> {
  return Object.fromEntries(keys.map((key) => [key, schema[key]])) as Pick<S, K>;
}

export const ArticleFilterRecord = SeedArticleFilter;
export const ProjectFilterRecord = SeedProjectFilter;

/**
 * §3 Specialization card. The card links to `url` (a site path or an http(s) URL: it goes into
 * an `href`), or to `/projects/{slug}/` without one; its slug is its industry's.
 */
export const SpecializationRecord = object({ ...SeedSpecialization.schema, url: nullable(SiteOrHttpUrl) });

/** JSON:API ids are strings; the site uses the author's number (§3: ids 1–16). */
export const AuthorRecord = object({
  ...SeedAuthor.schema,
  id: coerce(SeedAuthor.schema.id, pattern(string(), /^\d+$/), Number),
});

/**
 * §3 Contact: city, phone, address, email; plus hours and map point for the contacts page.
 * Opening hours are the one part of an office a page can do without: empty or missing, the office
 * is shown without them (decision 021).
 */
export const OfficeRecord = object({ ...SeedOffice.schema, hours: optional(SeedOffice.schema.hours) });

export const AgencyRecord = object({
  ...SeedAgency.schema,
  offices: nonempty(array(OfficeRecord)),
  kpp: nullable(SeedAgency.schema.kpp),
  legalAddress: nullable(Text),
});

/** A service in the §2 tree: path under /services/ without slashes around it, in menu order. */
export const ServiceNodeRecord = object(pick(SeedService.schema, ['path', 'title', 'menuTitle', 'category', 'order']));

export const ProjectSummaryRecord = object({
  ...pick(SeedProject.schema, ['slug', 'title', 'client', 'year', 'date', 'description']),
  industry: ProjectFilterRecord,
  results: array(ProjectResult),
  featured: boolean(),
  /** `/images/projects/<slug>.png` (serve it through /_ipx). */
  cover: string(),
});

export const ServiceRecord = object({
  ...SeedService.schema,
  included: array(Item),
  stages: array(Stage),
  price: object({ ...Price.schema, note: optional(nullable(Text)) }),
  faq: array(Faq),
  relatedProjects: array(ProjectSummaryRecord),
});

export const ProjectRecord = object({
  ...ProjectSummaryRecord.schema,
  services: array(object({ path: pattern(string(), SERVICE_PATH_PATTERN), title: Text })),
  body: string(),
});

export const ArticleSummaryRecord = object({
  ...pick(SeedArticle.schema, ['slug', 'title', 'description', 'date']),
  updated: nullable(IsoDate),
  /** Whole minutes, at least 1. */
  readingMinutes: min(integer(), 1),
  /** Public path of the cover PNG, `/images/articles/<slug>.png` (serve it through /_ipx). */
  cover: string(),
  author: AuthorRecord,
  tags: array(ArticleFilterRecord),
});

export const ArticleRecord = object({ ...ArticleSummaryRecord.schema, body: string() });

export const VacancySummaryRecord = object({
  ...SeedVacancy.schema,
  salaryFrom: nullable(min(integer(), 0)),
  salaryTo: nullable(min(integer(), 0)),
});

export const VacancyRecord = object({ ...VacancySummaryRecord.schema, body: string() });

export const DocumentSummaryRecord = SeedDocument;

export const DocumentRecord = object({ ...DocumentSummaryRecord.schema, body: string() });

/** The words of a page; `blocks` is free-form per page (`seed/pages/<name>.json`) and the page narrows it. */
export const PageRecord = object({ ...SeedPage.schema, blocks: record(string(), Json) });

/** §2 per-path lookup: `from` is a site path; `to` a site path or an absolute URL. */
export const RedirectRecord = SeedRedirect;
