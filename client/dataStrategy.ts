import { data, redirect, type DataStrategyFunction, type DataStrategyResult } from 'react-router';
import type { DataPayload, SerializedError } from '../shared/routes/dataRequest.ts';
import { durations } from '../shared/theme/theme.ts';
import { showGenericErrorToast } from '../shared/ui/toastStore.ts';
import { fetchDataPayload, prefetchedPayloads } from './navigation/dataPayloads.ts';

/**
 * One request per navigation for every route that needs data: the page URL with `?_data=ids`.
 * The server runs the same middleware and loaders as for HTML and answers JSON, so a redirect
 * or 404 decided on the server is exactly what the browser shows.
 */
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

/**
 * §2 "On a path change a page-leave animation runs": the page being left shows its leave state
 * (PageTransition.tsx) for the animation's 100 ms (§9) before the next page commits, also when its
 * data was prefetched and is there at once. The data is asked for at once all the same: a slower
 * answer is waited for as before, never longer. Back and forward (the address already changed)
 * and reduced motion commit at once.
 */
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

/**
 * §8: a navigation whose data could not be fetched (no connection, a 5xx from the server or a
 * proxy) is nothing the visitor did: the generic toast says so, over the error page the router
 * shows. A navigation interrupted by the next click is not a failure.
 */
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
