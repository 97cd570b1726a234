import { watch, type FSWatcher } from 'chokidar';

/** Quiet time after the last change before `changed` is told: an editor's save writes a file in several steps. */
const SETTLE_MS = 200;

export interface FolderWatch {
  /** Settles once the folder is being watched: a change made before may go unseen. */
  readonly ready: Promise<void>;
  readonly stop: () => void;
}

/** Tells `changed` once a burst settles; chokidar, as inotify on a renamed file sees the first save only (decision 036). */
export function watchFolder(dir: string, changed: () => void): FolderWatch {
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(dir, { ignoreInitial: true, atomic: true });
  watcher.on('all', () => {
    clearTimeout(timer);
    timer = setTimeout(changed, SETTLE_MS);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    stop: () => {
      clearTimeout(timer);
      void watcher.close();
    },
  };
}
