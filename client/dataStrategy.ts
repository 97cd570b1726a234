import { data, redirect, type DataStrategyFunction, type DataStrategyResult } from 'react-router';
import { DATA_PARAM, type DataPayload, type SerializedError } from '../shared/routes/dataRequest.ts';

/**
 * One request per navigation for every route that needs data: the page URL with `?_data=ids`.
 * The server runs the same middleware and loaders as for HTML and answers JSON, so a redirect
 * or 404 decided on the server is exactly what the browser shows.
 */
export const dataStrategy: DataStrategyFunction = async ({ request, matches }) => {
  const ids = matches.filter((match) => match.shouldCallHandler()).map((match) => match.route.id);
  if (ids.length === 0) return {};
  const payload = fetchPayload(request, ids);

  const entries = await Promise.all(
    matches
      .filter((match) => ids.includes(match.route.id))
      .map(async (match): Promise<[string, DataStrategyResult]> => [
        match.route.id,
        await match.resolve(async () => {
          const result = await payload;
          if ('redirect' in result) return redirect(result.redirect, result.status);
          const error = result.errors?.[match.route.id];
          if (error) throw deserializeError(error);
          return result.loaderData[match.route.id] ?? null;
        }),
      ]),
  );
  return Object.fromEntries(entries);
};

async function fetchPayload(request: Request, ids: string[]): Promise<DataPayload> {
  const url = new URL(request.url);
  url.searchParams.set(DATA_PARAM, ids.join(','));
  const response = await fetch(url, { signal: request.signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw data(null, { status: response.status });
  return (await response.json()) as DataPayload;
}

function deserializeError(error: SerializedError): unknown {
  return error.__type === 'RouteErrorResponse'
    ? data(error.data, { status: error.status, statusText: error.statusText })
    : new Error(error.message);
}
