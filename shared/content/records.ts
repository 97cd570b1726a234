import { array, coerce, nonempty, nullable, object, optional, pattern, string } from 'superstruct';
import { documentAttributes } from './model/attributeForms.ts';
import { CONTENT_TYPES } from './model/contentTypes.ts';
import { AuthorNumber, Item, Price, Stage, Text } from './model/fieldRules.ts';

/**
 * The records the content client validates (and `mask`s) at the boundary: a content type's
 * attributes (`model/contentTypes.ts`) with related records in place of relationships, forgiving
 * only what decision 021 allows. Their keys are the sparse fieldsets (`reads.ts`); `contentApi.ts` infers its types.
 */

/** Some attributes of a content type, for a record that reads only those (its sparse fieldset is then just those). */
function pick<S extends object, const K extends keyof S>(schema: S, keys: readonly K[]): Pick<S, K> {
  return Object.fromEntries(keys.map((key) => [key, schema[key]])) as Pick<S, K>;
}

/** The full record of a Markdown type: its summary and the Markdown `body`. */
function withBody<S extends object>(summary: { readonly schema: S }) {
  return object({ ...summary.schema, body: string() });
}

export const ArticleFilterRecord = object(documentAttributes(CONTENT_TYPES['article-filters']));
export const ProjectFilterRecord = object(documentAttributes(CONTENT_TYPES['project-filters']));

/** §3 Specialization card: links to `url`, or to `/projects/{slug}/` without one. */
export const SpecializationRecord = object(documentAttributes(CONTENT_TYPES.specializations));

/** JSON:API ids are strings; the site uses the author's number (§3: ids 1–16). */
export const AuthorRecord = object({
  id: coerce(AuthorNumber, pattern(string(), /^\d+$/), Number),
  ...documentAttributes(CONTENT_TYPES.authors),
});

/** §3 Contact; an office is shown without hours that are empty or missing (decision 021). */
export const OfficeRecord = object({
  ...documentAttributes(CONTENT_TYPES.contacts),
  hours: optional(CONTENT_TYPES.contacts.attributes.hours),
});

export const AgencyRecord = object({ ...documentAttributes(CONTENT_TYPES.agency), offices: nonempty(array(OfficeRecord)) });

/** A service in the §2 tree: path under /services/ without slashes around it, in menu order. */
export const ServiceNodeRecord = object(pick(CONTENT_TYPES.services.attributes, ['path', 'title', 'menuTitle', 'category', 'order']));

/** A service a case study names, linked by its path. */
export const ServiceLinkRecord = object(pick(CONTENT_TYPES.services.attributes, ['path', 'title']));

export const ProjectSummaryRecord = object({ ...documentAttributes(CONTENT_TYPES.projects), industry: ProjectFilterRecord });

/** A service page: a list item that fails is dropped (decision 021); a price's note may be `null`. */
export const ServiceRecord = object({
  ...documentAttributes(CONTENT_TYPES.services),
  included: array(Item),
  stages: array(Stage),
  price: object({ ...Price.schema, note: optional(nullable(Text)) }),
  relatedProjects: array(ProjectSummaryRecord),
});

export const ProjectRecord = withBody(object({ ...ProjectSummaryRecord.schema, services: array(ServiceLinkRecord) }));

export const ArticleSummaryRecord = object({
  ...documentAttributes(CONTENT_TYPES.articles),
  author: AuthorRecord,
  tags: array(ArticleFilterRecord),
});

export const ArticleRecord = withBody(ArticleSummaryRecord);

export const VacancySummaryRecord = object(documentAttributes(CONTENT_TYPES.vacancies));
export const VacancyRecord = withBody(VacancySummaryRecord);

export const DocumentSummaryRecord = object(documentAttributes(CONTENT_TYPES.documents));
export const DocumentRecord = withBody(DocumentSummaryRecord);

/** The words of a page; `blocks` is free-form per page (`seed/pages/<name>.json`) and the page narrows it. */
export const PageRecord = object(documentAttributes(CONTENT_TYPES.pages));

export const RedirectRecord = object(documentAttributes(CONTENT_TYPES.redirects));
