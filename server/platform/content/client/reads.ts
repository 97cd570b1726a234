import type { Struct } from 'superstruct';
import { CONTENT_PAGE_SIZE_MAX, type Agency } from '../../../../shared/content/contentApi.ts';
import {
  AgencyRecord,
  ArticleFilterRecord,
  AuthorRecord,
  DocumentSummaryRecord,
  ProjectFilterRecord,
  RedirectRecord,
  ServiceNodeRecord,
  SpecializationRecord,
  VacancySummaryRecord,
} from '../../../../shared/content/records.ts';
import type { JsonApiQuery } from './jsonApiQuery.ts';

// What the site reads, each request written once, so the read methods and the refresh job fill the same cache entry.

/** A record's struct; its second parameter (the schema's own description) is read by no caller. */
export type RecordStruct<R> = Struct<R, unknown>;

/** One resource; the service's 404 is `null`. `map` turns the validated record into what pages read. */
export interface OneRead<R, T> {
  readonly path: string;
  readonly query: JsonApiQuery;
  readonly struct: RecordStruct<R>;
  readonly map: (record: R) => T;
}

/** A whole collection, every page of it (`paged`) or one unpaged request, cached as one value. */
export interface ListRead<R, T> {
  readonly path: string;
  readonly query: JsonApiQuery;
  readonly struct: RecordStruct<R>;
  readonly paged: boolean;
  readonly map: (records: R[]) => T;
}

/** Lists are read in the largest pages the service gives. */
export const PAGE_SIZE = CONTENT_PAGE_SIZE_MAX;

/** The sparse fieldset a record schema reads: its keys less `id`. */
export function fieldsOf(record: { readonly schema: object }): string[] {
  return Object.keys(record.schema).filter((name) => name !== 'id');
}

export function oneRead<R, T = R>(path: string, query: JsonApiQuery, struct: RecordStruct<R>, map?: (record: R) => T): OneRead<R, T> {
  return { path, query, struct, map: map ?? ((record) => record as unknown as T) };
}

function listRead<R>(path: string, query: JsonApiQuery, struct: RecordStruct<R>, paged = true): ListRead<R, R[]> {
  return { path, query, struct, paged, map: (records) => records };
}

/** §7, literally: GET {api}/article-filters?fields[article-filters]=slug,title */
export const articleFiltersRead = listRead(
  '/article-filters',
  { fields: { 'article-filters': fieldsOf(ArticleFilterRecord) } },
  ArticleFilterRecord,
  false,
);

/** §7: GET {api}/project-filters?fields[project-filters]=slug,title,filterType */
export const projectFiltersRead = listRead(
  '/project-filters',
  { fields: { 'project-filters': fieldsOf(ProjectFilterRecord) } },
  ProjectFilterRecord,
  false,
);

export const specializationsRead = listRead(
  '/specializations',
  { fields: { specializations: fieldsOf(SpecializationRecord) } },
  SpecializationRecord,
  false,
);

/** The services as a flat list in menu order; `contentClient.ts` nests them. */
export const servicesRead = listRead(
  '/services',
  { fields: { services: fieldsOf(ServiceNodeRecord) }, sort: ['order', 'path'] },
  ServiceNodeRecord,
);

export const authorsRead = listRead('/authors', {}, AuthorRecord);

export const vacanciesRead = listRead('/vacancies', { fields: { vacancies: fieldsOf(VacancySummaryRecord) } }, VacancySummaryRecord);

export const documentsRead = listRead(
  '/documents',
  { fields: { documents: fieldsOf(DocumentSummaryRecord) }, sort: ['order'] },
  DocumentSummaryRecord,
);

/** §2 per-path lookup: the whole redirect list as one map from site path to target. */
export const redirectsRead: ListRead<{ from: string; to: string }, ReadonlyMap<string, string>> = {
  ...listRead('/redirects', {}, RedirectRecord),
  map: (redirects) => new Map(redirects.map((redirect) => [redirect.from, redirect.to])),
};

export const agencyRead = oneRead('/agency', { include: ['offices'] }, AgencyRecord, (agency): Agency => ({
  ...agency,
  social: Object.fromEntries(Object.entries(agency.social).filter(([, url]) => url !== undefined)),
  // Head office first: header and footer list it first (§2).
  offices: [...agency.offices].sort((a, b) => Number(b.isHeadOffice) - Number(a.isHeadOffice)),
}));
