/** A client navigation asks the page URL with `?_data=<route ids>` for JSON (decision 002). */
export const DATA_PARAM = '_data';

export type SerializedError =
  | { readonly __type: 'RouteErrorResponse'; readonly status: number; readonly statusText: string; readonly data: unknown }
  | { readonly __type: 'Error'; readonly message: string };

export type DataPayload =
  | { readonly redirect: string; readonly status: number }
  | {
      readonly status: number;
      readonly loaderData: Readonly<Record<string, unknown>>;
      readonly errors: Readonly<Record<string, SerializedError>> | null;
    };

/** The search string without `_data`, every other pair byte for byte (§2: a redirect keeps the query). */
export function withoutDataParam(search: string): string {
  if (search === '' || search === '?') return '';
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && paramName(pair) !== DATA_PARAM);
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}

/** Whether a search string carries `_data`, i.e. the request is a client navigation's data request. */
export function hasDataParam(search: string): boolean {
  return search
    .replace(/^\?/, '')
    .split('&')
    .some((pair) => paramName(pair) === DATA_PARAM);
}

function paramName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
