import { data, redirect, type DataStrategyFunction, type DataStrategyResult } from 'react-router';
import type { DataPayload, SerializedError } from '../shared/routes/dataRequest.ts';
import { durations } from '../shared/theme/theme.ts';
import { showGenericErrorToast } from '../shared/ui/toastStore.ts';
import { fetchDataPayload, prefetchedPayloads } from './navigation/dataPayloads.ts';

/** One request per navigation, the page URL with `?_data=ids` (decision 002): the server's redirect or 404 is what shows. */
export const dataStrategy: DataStrategyFunction = async ({ request, matches }) => {
  const ids = matches.filter((match) => match.shouldCallHandler()).map((match) => match.route.id);
  if (ids.length === 0) return {};
  const payload = fetchPayload(request, ids);
  toastOnFailure(payload, request.signal);
  const left = pageLeft(request);

  const entries = await Promise.all(
    matches
      .filter((match) => ids.includes(match.route.id))
      .map(async (match): Promise<[string, DataStrategyResult]> => [
        match.route.id,
        await match.resolve(async () => {
          const [result] = await Promise.all([payload, left]);
          if ('redirect' in result) return redirect(result.redirect, result.status);
          const error = result.errors?.[match.route.id];
          if (error) throw deserializeError(error);
          return result.loaderData[match.route.id] ?? null;
        }),
      ]),
  );
  return Object.fromEntries(entries);
};

/** §2/§9: the leave animation's 100 ms before the next page commits, even with prefetched data; not for back, forward, reduced motion. */
function pageLeft(request: Request): Promise<unknown> | undefined {
  if (new URL(request.url).pathname === window.location.pathname || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  return new Promise((resolve) => setTimeout(resolve, durations.pageLeaveScroll));
}

/** A payload prefetched for this URL (hover or visible link) if it covers these routes, else a request. */
function fetchPayload(request: Request, ids: string[]): Promise<DataPayload> {
  const url = new URL(request.url);
  const prefetched = prefetchedPayloads.take(url, ids);
  if (prefetched === undefined) return fetchDataPayload(url, ids, request.signal);
  // A prefetch that failed (offline for a moment, a deploy) gets one fresh try.
  return prefetched.catch(() => fetchDataPayload(url, ids, request.signal));
}

/** §8: data that could not be fetched (offline, a 5xx) shows the generic toast; an interrupted navigation does not. */
function toastOnFailure(payload: Promise<DataPayload>, signal: AbortSignal) {
  payload.catch((error: unknown) => {
    if (signal.aborted) return;
    const status = (error as { init?: { status?: number } } | null)?.init?.status;
    if (status === undefined || status >= 500) showGenericErrorToast();
  });
}

function deserializeError(error: SerializedError): unknown {
  return error.__type === 'RouteErrorResponse'
    ? data(error.data, { status: error.status, statusText: error.statusText })
    : new Error(error.message);
}
