import { INVALID_VALUE, QUERY_PARAMS, type QueryParamName } from '../../../shared/routes/queryParams.ts';

/**
 * What of a URL's query a span may carry (decision 037): the parameters a page reads
 * (`shared/routes/queryParams.ts`: `page`, `serviceType`) with a value it accepts, nothing else.
 * The rest is a visitor's or a secret's: a preview link's token, a form result's `email`, a
 * webhook's key, marketing tags. Traces go to a collector with other retention and readers than
 * the site's own logs, which log no query either (server/platform/http/accessLog.ts).
 */
export function harmlessQuery(search: string): string | undefined {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  if (raw === '') return undefined;
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(raw)) {
    if (!Object.hasOwn(QUERY_PARAMS, name)) continue;
    const read = QUERY_PARAMS[name as QueryParamName](value);
    if (read !== null && read !== INVALID_VALUE) kept.append(name, read);
  }
  const query = kept.toString();
  return query === '' ? undefined : query;
}

/** The query part of a request target (`/path?query`), without its `?`; '' when there is none. */
export function queryOf(target: string): string {
  const start = target.indexOf('?');
  return start === -1 ? '' : target.slice(start + 1);
}

/** A URL as a span may show it: scheme, host, path and the harmless query only. */
export function spanUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const hash = url.indexOf('#', start);
  const query = harmlessQuery(url.slice(start + 1, hash === -1 ? undefined : hash));
  return query === undefined ? url.slice(0, start) : `${url.slice(0, start)}?${query}`;
}
