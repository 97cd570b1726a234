import { isChunkLoadError } from './chunkError.ts';
import { reloadOnce } from './reloadGuard.ts';

/**
 * §8 for a chunk that fails outside the router: the current page's own chunk, loaded before
 * hydration (the router does not exist yet, so nothing else would notice and the page would stay
 * dead), or a lazy widget later. Started first thing in the entry, before anything is imported.
 */
export function reloadOnChunkLoadFailure(): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason) && reloadOnce()) event.preventDefault();
  };
  window.addEventListener('unhandledrejection', onRejection);
  return () => window.removeEventListener('unhandledrejection', onRejection);
}
