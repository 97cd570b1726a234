import { array, boolean, defaulted, nonempty, object } from 'superstruct';
import { seedAttributes } from '../../../../shared/content/model/attributeForms.ts';
import { CONTENT_TYPES } from '../../../../shared/content/model/contentTypes.ts';
import { AuthorNumber, ServicePath, Slug } from '../../../../shared/content/model/fieldRules.ts';

// The seed files' formats (seed/README.md): each type's attributes, references by slug and the draft flag; exact
// objects, so a misspelt field names its file and field.

export const SeedOffice = object(seedAttributes(CONTENT_TYPES.contacts));

export const SeedAgency = object({ ...seedAttributes(CONTENT_TYPES.agency), offices: nonempty(array(SeedOffice)) });

export const SeedArticleFilter = object(seedAttributes(CONTENT_TYPES['article-filters']));
export const SeedProjectFilter = object(seedAttributes(CONTENT_TYPES['project-filters']));
export const SeedSpecialization = object(seedAttributes(CONTENT_TYPES.specializations));

/** The author's number is the resource's id. */
export const SeedAuthor = object({ id: AuthorNumber, ...seedAttributes(CONTENT_TYPES.authors) });

export const SeedService = object({ ...seedAttributes(CONTENT_TYPES.services), relatedProjects: defaulted(array(Slug), []) });

export const SeedArticle = object({
  ...seedAttributes(CONTENT_TYPES.articles),
  authorId: AuthorNumber,
  tags: nonempty(array(Slug)),
  /** Not published: only a preview shows it (decision 021). */
  draft: defaulted(boolean(), false),
});

export const SeedProject = object({
  ...seedAttributes(CONTENT_TYPES.projects),
  industry: Slug,
  services: array(ServicePath),
  featured: defaulted(boolean(), false),
});

export const SeedVacancy = object(seedAttributes(CONTENT_TYPES.vacancies));
export const SeedDocument = object(seedAttributes(CONTENT_TYPES.documents));
export const SeedPage = object(seedAttributes(CONTENT_TYPES.pages));
export const SeedRedirect = object(seedAttributes(CONTENT_TYPES.redirects));
