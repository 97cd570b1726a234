import { watch } from 'node:fs';

/** Quiet time after the last change before `changed` is told: an editor's save writes a file in several steps. */
const SETTLE_MS = 200;

/** Tells `changed` once a burst of changes anywhere under `dir` has settled; returns the stop. */
export function watchFolder(dir: string, changed: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(changed, SETTLE_MS);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
