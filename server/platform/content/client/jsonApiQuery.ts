/** A JSON:API request's query (https://jsonapi.org/format/1.1/#fetching). */
export interface JsonApiQuery {
  /** Sparse fieldsets: `fields[articles]=title,date`. */
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  readonly include?: readonly string[];
  /** `filter[industry]=medicine`; `undefined` values are left out. */
  readonly filter?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** `-date` for descending. */
  readonly sort?: readonly string[];
  readonly page?: { readonly number?: number; readonly size?: number };
}

/** `path` and its query as JSON:API's documentation and §7 write it (`fields[article-filters]=slug,title`), values encoded. */
export function jsonApiPath(path: string, query: JsonApiQuery = {}): string {
  const parts: string[] = [];
  const value = (text: string) => encodeURIComponent(text).replaceAll('%2C', ',');
  for (const [type, names] of Object.entries(query.fields ?? {})) parts.push(`fields[${type}]=${names.map(value).join(',')}`);
  if (query.include !== undefined && query.include.length > 0) parts.push(`include=${query.include.map(value).join(',')}`);
  for (const [name, filter] of Object.entries(query.filter ?? {})) {
    if (filter !== undefined) parts.push(`filter[${name}]=${encodeURIComponent(String(filter))}`);
  }
  if (query.sort !== undefined && query.sort.length > 0) parts.push(`sort=${query.sort.map(value).join(',')}`);
  if (query.page?.number !== undefined) parts.push(`page[number]=${query.page.number}`);
  if (query.page?.size !== undefined) parts.push(`page[size]=${query.page.size}`);
  return parts.length === 0 ? path : `${path}?${parts.join('&')}`;
}
