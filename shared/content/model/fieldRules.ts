import {
  array,
  boolean,
  coerce,
  date,
  enums,
  integer,
  lazy,
  literal,
  max,
  min,
  nonempty,
  number,
  object,
  optional,
  pattern,
  record,
  refine,
  string,
  union,
  type Struct,
} from 'superstruct';
import { SERVICE_PATH_PATTERN, SLUG_PATTERN } from '../slugs.ts';

/** The rules of single fields as the specification writes them, checked by the seed and the edge alike. */

// The site's own slug and service-path rules: content the site could not address is refused.
export const Slug = pattern(string(), SLUG_PATTERN);
export const ServicePath = pattern(string(), SERVICE_PATH_PATTERN);
export const Text = nonempty(string());

/** YAML front matter parses `2026-03-14` into a Date; JSON keeps the string. Both become the string. */
export const IsoDate = coerce(
  // `Date.parse` rolls 2026-02-30 over to 2 March: only a date that reads back the same is real.
  refine(
    pattern(string(), /^\d{4}-\d{2}-\d{2}$/),
    'IsoDate',
    (value) => (!Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value)) || 'a real calendar date',
  ),
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

/** A link an editor writes into an `href`: a site path (not `//host`) or an http(s) URL, never `javascript:`. */
export const SiteOrHttpUrl = refine(
  string(),
  'SiteOrHttpUrl',
  (value) =>
    (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\/\S+$/.test(value) || 'a site path (/…) or an absolute http(s) URL',
);

/** A path of the site, as the §2 per-path lookup matches it. */
export const SitePath = pattern(string(), /^\/(?:[\w.~%!$&'()*+,;=:@-]+\/)*[\w.~%!$&'()*+,;=:@-]*$/);

export const Email = pattern(string(), /^[^\s@]+@[^\s@][^\s.@]*\.[^\s@]+$/);
/** §3 contacts: phones in +7 format. */
export const Phone = pattern(string(), /^\+7[\d\s()-]{10,16}$/);

/** Russian legal numbers: INN of 10 digits (a company) or 12 (a sole proprietor), OGRN of 13 or 15, KPP of 9. */
export const Inn = pattern(string(), /^\d{10}(\d{2})?$/);
export const Ogrn = pattern(string(), /^\d{13}(\d{2})?$/);
export const Kpp = pattern(string(), /^\d{9}$/);

/** §3: authors are numbered 1 to 16. */
export const AuthorNumber = min(max(integer(), 16), 1);

export const GeoPoint = object({ lat: min(max(number(), 90), -90), lng: min(max(number(), 180), -180) });

export const Item = object({ title: Text, text: Text });
export const Stage = object({ title: Text, text: Text, duration: Text });
export const Faq = object({ question: Text, answer: Text });
export const ProjectResult = object({ value: Text, label: Text });
export const Price = object({ from: min(integer(), 0), currency: enums(['RUB']), note: optional(Text) });

export const EMPLOYMENTS = ['full', 'part', 'internship'] as const;

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** Any JSON value: what a page's free-form `blocks` may hold. */
export const Json: Struct<JsonValue> = lazy(() =>
  union([string(), number(), boolean(), literal(null), array(Json), record(string(), Json)]),
) as unknown as Struct<JsonValue>;
