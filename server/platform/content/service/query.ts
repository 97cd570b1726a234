import { CONTENT_PAGE_SIZE_MAX, MAX_PAGE_NUMBER } from '../../../../shared/content/contentApi.ts';
import { TYPES, type TypeSpec } from './resources.ts';

/** A JSON:API error (https://jsonapi.org/format/1.1/#error-objects) the service answers with. */
export class JsonApiError extends Error {
  override name = 'JsonApiError';
  readonly status: number;
  readonly title: string;
  readonly parameter: string | undefined;

  constructor(status: number, title: string, detail: string, parameter?: string) {
    super(detail);
    this.status = status;
    this.title = title;
    this.parameter = parameter;
  }
}

export const DEFAULT_PAGE_SIZE = 20;
/** Larger pages are refused (400), not silently cut: a client asking for 10 000 has a bug. */
export const MAX_PAGE_SIZE = CONTENT_PAGE_SIZE_MAX;
const MAX_INCLUDE_DEPTH = 3;
const MAX_QUERY_LENGTH = 2048;

type SortKey = { readonly key: string; readonly descending: boolean };

export interface ParsedQuery {
  /** Sparse fieldsets by type; a type not listed gets all its fields. */
  readonly fields: ReadonlyMap<string, ReadonlySet<string>>;
  /** Relationship paths, each split into its names. */
  readonly include: readonly (readonly string[])[];
  readonly filters: readonly (readonly [string, string])[];
  readonly sort: readonly SortKey[];
  readonly page: { readonly number: number; readonly size: number };
}

const badQuery = (detail: string, parameter?: string) => new JsonApiError(400, 'Invalid query parameter', detail, parameter);

const FAMILY = /^(fields|filter|page)\[([^\][]*)\]$/;

/** A request's query for `spec`: any parameter or value the spec does not define is a 400 naming it; one resource takes `fields` and `include`. */
export function parseQuery(search: string, spec: TypeSpec, collection: boolean): ParsedQuery {
  if (search.length > MAX_QUERY_LENGTH) throw badQuery(`The query string is longer than ${MAX_QUERY_LENGTH} characters.`);
  let params: URLSearchParams;
  try {
    // URLSearchParams replaces malformed %-sequences silently; decode strictly first.
    decodeURIComponent(search.replaceAll('+', ' '));
    params = new URLSearchParams(search);
  } catch {
    throw badQuery('The query string is not valid percent-encoding.');
  }

  const fields = new Map<string, Set<string>>();
  const filters: [string, string][] = [];
  let include: string[][] = [];
  let sort: SortKey[] = spec.defaultSort.map(toSortKey);
  let pageNumber = 1;
  let pageSize = DEFAULT_PAGE_SIZE;
  const seen = new Set<string>();

  for (const [name, value] of params) {
    if (seen.has(name)) throw badQuery(`The parameter ${name} is given more than once.`, name);
    seen.add(name);
    const family = FAMILY.exec(name);
    if (name === 'include') include = parseInclude(value, spec);
    else if (name === 'sort' && collection) sort = parseSort(value, spec);
    else if (family?.[1] === 'fields') fields.set(family[2]!, parseFields(family[2]!, value, name));
    else if (family?.[1] === 'filter' && collection) filters.push(parseFilter(family[2]!, value, spec, name));
    else if (family?.[1] === 'page' && collection && family[2] === 'number') pageNumber = parsePositive(value, name, MAX_PAGE_NUMBER);
    else if (family?.[1] === 'page' && collection && family[2] === 'size') pageSize = parsePositive(value, name, MAX_PAGE_SIZE);
    else if (!collection && (name === 'sort' || family !== null)) throw badQuery(`${name} applies to collections only.`, name);
    else throw badQuery(`Unknown query parameter ${name}.`, name);
  }
  return { fields, include, filters, sort, page: { number: pageNumber, size: pageSize } };
}

function toSortKey(token: string): SortKey {
  return token.startsWith('-') ? { key: token.slice(1), descending: true } : { key: token, descending: false };
}

function parseInclude(value: string, spec: TypeSpec): string[][] {
  if (value === '') return [];
  return value.split(',').map((path) => {
    const names = path.split('.');
    if (names.length > MAX_INCLUDE_DEPTH) throw badQuery(`Include path ${path} is deeper than ${MAX_INCLUDE_DEPTH}.`, 'include');
    let current: TypeSpec = spec;
    for (const name of names) {
      const relationship = Object.hasOwn(current.relationships, name) ? current.relationships[name] : undefined;
      if (relationship === undefined) {
        throw badQuery(`Unknown include path ${path}: ${current.type} has no relationship ${name}.`, 'include');
      }
      current = TYPES[relationship.type]!;
    }
    return names;
  });
}

function parseSort(value: string, spec: TypeSpec): SortKey[] {
  return value.split(',').map((token) => {
    const key = toSortKey(token);
    if (!Object.hasOwn(spec.sorts, key.key)) throw badQuery(`Cannot sort ${spec.type} by ${token}.`, 'sort');
    return key;
  });
}

function parseFields(type: string, value: string, parameter: string): Set<string> {
  const spec = Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;
  if (spec === undefined) throw badQuery(`Unknown resource type ${type}.`, parameter);
  const names = value === '' ? [] : value.split(',');
  for (const name of names) {
    if (!spec.attributes.includes(name) && !Object.hasOwn(spec.relationships, name)) {
      throw badQuery(`${type} has no field ${name}.`, parameter);
    }
  }
  return new Set(names);
}

function parseFilter(name: string, value: string, spec: TypeSpec, parameter: string): [string, string] {
  const filter = Object.hasOwn(spec.filters, name) ? spec.filters[name] : undefined;
  if (filter === undefined) throw badQuery(`Unknown filter ${name} for ${spec.type}.`, parameter);
  if (!filter.value.test(value) || value.includes('..')) throw badQuery(`Invalid value for filter ${name}.`, parameter);
  return [name, value];
}

function parsePositive(value: string, parameter: string, maximum: number): number {
  if (!/^[1-9]\d{0,5}$/.test(value)) throw badQuery(`${parameter} must be a positive integer.`, parameter);
  const number = Number(value);
  if (number > maximum) throw badQuery(`${parameter} must be at most ${maximum}.`, parameter);
  return number;
}
