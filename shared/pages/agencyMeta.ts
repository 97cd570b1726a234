import type { Agency } from '../content/contentApi.ts';
import type { PageMeta } from '../page-kit/pageModule.ts';
import { organizationJsonLd } from '../seo/organization.ts';
import type { PageWords } from './pageWords.ts';
import { wordsMeta } from './wordsMeta.ts';

/** The `<head>` of home, about and contacts: their words and the agency as an `Organization`. */
export function agencyMeta(data: { readonly words: PageWords<unknown> }, _pathname: string, agency: Agency | undefined): PageMeta {
  return { ...wordsMeta(data), jsonLd: agency === undefined ? [] : [organizationJsonLd(agency)] };
}
