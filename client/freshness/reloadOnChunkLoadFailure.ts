import { handleChunkFailures, pageBeingLeft } from '../../shared/browser/chunkLoader.ts';
import { isChunkLoadError, isMissingChunk } from './chunkError.ts';
import { reloadOnce } from './reloadGuard.ts';

/** §8 for a chunk failing outside the router (the page's own before hydration, a lazy part); started first. */
export function reloadOnChunkLoadFailure(): () => void {
  // A chunk cancelled by the visitor leaving is no error of the page: nothing to report or reload.
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason) && (pageBeingLeft() || reloadOnce())) event.preventDefault();
  };
  window.addEventListener('unhandledrejection', onRejection);
  // A part failing as hydration renders it; a navigation's chunks are startFreshness.ts's.
  handleChunkFailures((error, routeId) => routeId === undefined && isMissingChunk(error) && reloadOnce());
  return () => window.removeEventListener('unhandledrejection', onRejection);
}
