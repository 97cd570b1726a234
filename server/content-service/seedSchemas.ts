import {
  array,
  boolean,
  coerce,
  date,
  defaulted,
  enums,
  integer,
  max,
  min,
  nonempty,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  refine,
  string,
  unknown,
  type Infer,
  type Struct,
} from 'superstruct';
import { SERVICE_CATEGORIES } from '../../shared/content/serviceCategories.ts';
import { SERVICE_PATH_PATTERN, SLUG_PATTERN } from '../../shared/routes/slugs.ts';

/**
 * The seed files' formats, field by field, as `server/content-service/seed/README.md` describes
 * them. Objects are exact (`object`): a misspelt field is an error that names the file and the
 * field, not a silently missing paragraph on the site.
 *
 * The attribute shapes here are the content's one definition: the content client validates the
 * service's documents with them too (`server/content-client/documentSchemas.ts`), overriding
 * only what the JSON:API document writes differently (relationships, `null` for absent), and
 * the site's content types are inferred from those (`shared/content/contentApi.ts`).
 */

// The site's own slug and service-path rules: content the site could not address is refused.
export const Slug = pattern(string(), SLUG_PATTERN);
export const Text = nonempty(string());

/** YAML front matter parses `2026-03-14` into a Date; JSON keeps the string. Both become the string. */
export const IsoDate = coerce(
  refine(pattern(string(), /^\d{4}-\d{2}-\d{2}$/), 'IsoDate', (value) => !Number.isNaN(Date.parse(value)) || 'a real calendar date'),
  date(),
  (value) => value.toISOString().slice(0, 10),
);

export const HttpUrl = refine(string(), 'HttpUrl', (value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol) || 'an absolute http(s) URL';
  } catch {
    return 'an absolute http(s) URL';
  }
});

const Email = pattern(string(), /^[^\s@]+@[^\s@][^\s.@]*\.[^\s@]+$/);
/** §3 contacts: phones in +7 format. */
const Phone = pattern(string(), /^\+7[\d\s()-]{10,16}$/);

export const SeedOffice = object({
  city: Text,
  phone: Phone,
  address: Text,
  email: Email,
  hours: Text,
  geo: object({ lat: min(max(number(), 90), -90), lng: min(max(number(), 180), -180) }),
  isHeadOffice: boolean(),
});

export const SeedAgency = object({
  name: Text,
  legalName: Text,
  inn: pattern(string(), /^\d{10}(\d{2})?$/),
  kpp: optional(pattern(string(), /^\d{9}$/)),
  ogrn: pattern(string(), /^\d{13}(\d{2})?$/),
  foundedYear: min(max(integer(), 2100), 1990),
  siteUrl: HttpUrl,
  slogan: Text,
  legalAddress: optional(Text),
  emails: object({ collaboration: Email, vacancies: Email }),
  offices: nonempty(array(SeedOffice)),
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
});

export const SeedArticleFilter = object({ slug: Slug, title: Text });
export const SeedProjectFilter = object({ slug: Slug, title: Text, filterType: Slug });

/**
 * A link an editor writes, which goes into an `href`: a site path (`/…`, not `//host`) or an
 * absolute http(s) URL, never `javascript:` or another scheme from a compromised or careless source.
 */
export const SiteOrHttpUrl = refine(
  string(),
  'SiteOrHttpUrl',
  (value) =>
    (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\/\S+$/.test(value) || 'a site path (/…) or an absolute http(s) URL',
);

/**
 * §3 Specialization card: the agency's work in one industry of §2. The slug is that industry's
 * (so `/projects/{slug}/`, the card's link without a `url`, is its projects page).
 */
export const SeedSpecialization = object({ slug: Slug, title: Text, description: Text, url: optional(SiteOrHttpUrl) });

export const SeedAuthor = object({
  id: min(max(integer(), 16), 1),
  slug: nullable(Slug),
  name: Text,
  position: Text,
  bio: Text,
});

export const Item = object({ title: Text, text: Text });
export const Stage = object({ title: Text, text: Text, duration: Text });
export const Faq = object({ question: Text, answer: Text });
export const ProjectResult = object({ value: Text, label: Text });
export const Price = object({ from: min(integer(), 0), currency: enums(['RUB']), note: optional(Text) });

export const SeedService = object({
  path: pattern(string(), SERVICE_PATH_PATTERN),
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
  relatedProjects: defaulted(array(Slug), []),
});

export const SeedArticle = object({
  slug: Slug,
  title: Text,
  description: Text,
  date: IsoDate,
  updated: optional(IsoDate),
  authorId: min(max(integer(), 16), 1),
  tags: nonempty(array(Slug)),
  /** Not published: only a preview shows it (decision 021). */
  draft: defaulted(boolean(), false),
});

export const SeedProject = object({
  slug: Slug,
  title: Text,
  client: Text,
  industry: Slug,
  services: array(pattern(string(), SERVICE_PATH_PATTERN)),
  year: min(max(integer(), 2100), 2000),
  date: IsoDate,
  description: Text,
  results: array(ProjectResult),
  featured: defaulted(boolean(), false),
});

export const EMPLOYMENTS = ['full', 'part', 'internship'] as const;

export const SeedVacancy = object({
  slug: Slug,
  title: Text,
  department: Text,
  city: Text,
  employment: enums(EMPLOYMENTS),
  experience: Text,
  salaryFrom: optional(min(integer(), 0)),
  salaryTo: optional(min(integer(), 0)),
  datePosted: IsoDate,
  validThrough: IsoDate,
});

export const SeedDocument = object({ slug: Slug, title: Text, updated: IsoDate, order: integer() });

export const SeedPage = object({
  slug: Slug,
  title: Text,
  description: Text,
  blocks: record(string(), unknown()),
});

/** §2 per-path lookup: `from` is a site path; `to` a site path or an absolute URL. */
export const SeedRedirect = object({
  from: pattern(string(), /^\/(?:[\w.~%!$&'()*+,;=:@-]+\/)*[\w.~%!$&'()*+,;=:@-]*$/),
  to: SiteOrHttpUrl,
});

export type SeedAgency = Infer<typeof SeedAgency>;
export type SeedArticleFilter = Infer<typeof SeedArticleFilter>;
export type SeedProjectFilter = Infer<typeof SeedProjectFilter>;
export type SeedSpecialization = Infer<typeof SeedSpecialization>;
export type SeedAuthor = Infer<typeof SeedAuthor>;
export type SeedService = Infer<typeof SeedService>;
export type SeedRedirect = Infer<typeof SeedRedirect>;
export type SeedPage = Infer<typeof SeedPage>;
/** A Markdown record: front matter plus its body. */
export type WithBody<T> = T & { readonly body: string };
export type SeedArticle = WithBody<Infer<typeof SeedArticle>>;
export type SeedProject = WithBody<Infer<typeof SeedProject>>;
export type SeedVacancy = WithBody<Infer<typeof SeedVacancy>>;
export type SeedDocument = WithBody<Infer<typeof SeedDocument>>;

export type AnyStruct = Struct<unknown, unknown>;
