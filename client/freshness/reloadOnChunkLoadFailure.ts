import { createPath, matchRoutes, type DataRouter, type RouteObject } from 'react-router';
import { handleChunkFailures } from '../../shared/app/chunkLoader.ts';
import { isChunkLoadError } from './chunkError.ts';
import { reloadOnce } from './reloadGuard.ts';

/**
 * §8 for a chunk that fails outside the router: the current page's own chunk, loaded before
 * hydration (the router does not exist yet, so nothing else would notice and the page would stay
 * dead), or a lazily loaded part as it renders (the modal, the burger menu, a part of a page body):
 * the page reloads once instead of showing the error page. Started first thing in the entry,
 * before anything is imported.
 */
export function reloadOnChunkLoadFailure(): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason) && reloadOnce()) event.preventDefault();
  };
  window.addEventListener('unhandledrejection', onRejection);
  handleChunkFailures((error) => isMissingChunk(error) && reloadOnce());
  return () => window.removeEventListener('unhandledrejection', onRejection);
}

/**
 * §8 for a chunk that a navigation needs (the next page's chunk, its body, the parts the body is
 * made of): the page the visitor was going to loads whole, once, before the error page could show.
 * A prefetch of the route failing changes nothing (the navigation later tries again). Returns
 * whether that reload is happening.
 */
export function reloadForNavigation(error: unknown, router: DataRouter | undefined, routes: RouteObject[], routeId: string): boolean {
  const pending = router?.state.navigation.location;
  if (pending === undefined || !isMissingChunk(error)) return false;
  if (!(matchRoutes(routes, pending) ?? []).some((match) => match.route.id === routeId)) return false;
  return reloadOnce(new URL(createPath(pending), window.location.href).href);
}

/**
 * A chunk that failed while the browser is online is one the server no longer has (a deploy); a
 * visitor who lost the connection would reload into the browser's offline page instead, and keeps
 * the page they have.
 */
function isMissingChunk(error: unknown): boolean {
  return isChunkLoadError(error) && navigator.onLine;
}
