/**
 * Client navigation gets its data from this server, never from the content service: the browser
 * requests the page URL with `?_data=<route ids>` and receives JSON instead of HTML. The same
 * middleware chain runs for both, so redirects and 404s are decided by the same rules.
 */
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

/**
 * The query string without the `_data` parameter, every other pair kept byte for byte (a
 * redirect must keep the visitor's query exactly, §2, and must never send the browser to a data
 * URL). Takes and returns a search string with its leading `?`, or ''.
 */
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
