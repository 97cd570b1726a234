import {
  array, boolean, coerce, enums, integer, lazy, literal, min, nullable, number, object, optional,
  pattern, record, refine, string, type, union, unknown, type Describe, type Struct,
} from 'superstruct';
import type {
  ArticleFilter, Author, DocumentSummary, JsonValue, Office, ProjectFilter, ProjectResult,
  ServiceLink, Specialization, VacancySummary,
} from '../../shared/content/contentApi.ts';

/**
 * What the site accepts from the content service, checked at the boundary. Two layers:
 * `JsonApiDocument` is the JSON:API envelope (before `jsona` flattens it), the record schemas
 * below are the flattened camelCase records (after). `mask` keeps only the fields listed here,
 * so extra members from a newer service version are dropped, not passed to pages.
 */

const ResourceIdentifier = type({ type: string(), id: string() });
const ResourceObject = type({
  type: string(),
  id: string(),
  attributes: optional(record(string(), unknown())),
  relationships: optional(record(string(), type({
    data: optional(union([nullable(ResourceIdentifier), array(ResourceIdentifier)])),
  }))),
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

const IsoDate = pattern(string(), /^\d{4}-\d{2}-\d{2}$/);

const Json: Struct<JsonValue> = lazy(() => union([
  string(), number(), boolean(), literal(null), array(Json), record(string(), Json),
])) as unknown as Struct<JsonValue>;

export const ArticleFilterRecord: Describe<ArticleFilter> = object({ slug: string(), title: string() });
export const ProjectFilterRecord: Describe<ProjectFilter> = object({ slug: string(), title: string(), filterType: string() });

/**
 * A specialization's link goes into an `href`: only a site path (not `//host`) or an http(s)
 * URL, never `javascript:` or another scheme from a compromised or careless service. Its slug
 * becomes a path segment.
 */
const CardLink = refine(string(), 'CardLink', (value) => (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\/\S+$/.test(value));
export const SpecializationRecord: Describe<Specialization> = object({
  slug: pattern(string(), /^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: string(),
  description: string(),
  url: nullable(CardLink),
});

/** JSON:API ids are strings; the site uses the author's number (§3: ids 1–16). */
export const AuthorRecord = object({
  id: coerce(integer(), pattern(string(), /^\d+$/), Number),
  slug: nullable(string()),
  name: string(),
  position: string(),
  bio: string(),
});
export type AuthorRecord = Author;

export const OfficeRecord: Describe<Office> = object({
  city: string(),
  phone: string(),
  address: string(),
  email: string(),
  hours: string(),
  geo: object({ lat: number(), lng: number() }),
  isHeadOffice: boolean(),
});

export const AgencyRecord = object({
  name: string(),
  legalName: string(),
  inn: string(),
  kpp: nullable(string()),
  ogrn: string(),
  legalAddress: nullable(string()),
  foundedYear: integer(),
  siteUrl: string(),
  slogan: string(),
  emails: object({ collaboration: string(), vacancies: string() }),
  offices: array(OfficeRecord),
  social: object({
    vc: optional(string()), telegram: optional(string()), dribbble: optional(string()), vimeo: optional(string()),
    vk: optional(string()), youtube: optional(string()), behance: optional(string()), dprofile: optional(string()),
  }),
  vacanciesBoardUrl: string(),
  partnerProgramUrl: string(),
});

export const ServiceNodeRecord = object({
  path: string(),
  title: string(),
  menuTitle: string(),
  category: string(),
  order: number(),
});

const Item = object({ title: string(), text: string() });

export const ProjectSummaryRecord = object({
  slug: string(),
  title: string(),
  client: string(),
  industry: ProjectFilterRecord,
  year: integer(),
  date: IsoDate,
  description: string(),
  results: array(object({ value: string(), label: string() }) as Describe<ProjectResult>),
  featured: boolean(),
  cover: string(),
});

export const ServiceRecord = object({
  path: string(),
  title: string(),
  menuTitle: string(),
  category: string(),
  order: number(),
  seoTitle: string(),
  description: string(),
  lead: string(),
  included: array(Item),
  stages: array(object({ title: string(), text: string(), duration: string() })),
  timeline: string(),
  price: object({ from: number(), currency: string(), note: optional(nullable(string())) }),
  faq: array(object({ question: string(), answer: string() })),
  relatedProjects: array(ProjectSummaryRecord),
});

export const ProjectRecord = object({
  ...ProjectSummaryRecord.schema,
  services: array(object({ path: string(), title: string() }) as Describe<ServiceLink>),
  body: string(),
});

export const ArticleSummaryRecord = object({
  slug: string(),
  title: string(),
  description: string(),
  date: IsoDate,
  updated: nullable(IsoDate),
  readingMinutes: min(integer(), 1),
  cover: string(),
  author: AuthorRecord,
  tags: array(ArticleFilterRecord),
});

export const ArticleRecord = object({ ...ArticleSummaryRecord.schema, body: string() });

export const VacancySummaryRecord: Describe<VacancySummary> = object({
  slug: string(),
  title: string(),
  department: string(),
  city: string(),
  employment: enums(['full', 'part', 'internship']),
  experience: string(),
  salaryFrom: nullable(number()),
  salaryTo: nullable(number()),
  datePosted: IsoDate,
  validThrough: IsoDate,
});

export const VacancyRecord = object({ ...VacancySummaryRecord.schema, body: string() });

export const DocumentSummaryRecord: Describe<DocumentSummary> = object({
  slug: string(), title: string(), updated: IsoDate, order: number(),
});

export const DocumentRecord = object({ ...DocumentSummaryRecord.schema, body: string() });

export const PageRecord = object({
  slug: string(),
  title: string(),
  description: string(),
  blocks: record(string(), Json),
});

export const RedirectRecord = object({ from: string(), to: string() });
