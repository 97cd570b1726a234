import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Processed images on disk, named by the hash of what made them, written atomically (workers share them), least used out first. */
export class DiskCache {
  #writes = 0;
  #pruning: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly pruneEvery = 50,
  ) {}

  #file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async get(key: string): Promise<Buffer | undefined> {
    const file = this.#file(key);
    try {
      const data = await readFile(file);
      const now = new Date();
      void utimes(file, now, now).catch(() => undefined);
      return data;
    } catch {
      return undefined;
    }
  }

  async set(key: string, data: Buffer): Promise<void> {
    const file = this.#file(key);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    } catch {
      return; // a full or read-only disk only costs the cache, never the response
    }
    this.#writes += 1;
    if (this.#writes % this.pruneEvery !== 0 || this.#pruning !== undefined) return;
    this.#pruning = this.prune().finally(() => {
      this.#pruning = undefined;
    });
  }

  /** Removes the least recently used files until the directory fits `maxBytes`. */
  async prune(): Promise<void> {
    const entries = await readdir(this.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    const files = await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const info = await stat(file).catch(() => undefined);
          return info ? { file, size: info.size, used: info.mtimeMs } : undefined;
        }),
    );
    const present = files.filter((entry) => entry !== undefined).sort((a, b) => a.used - b.used);
    let total = present.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of present) {
      if (total <= this.maxBytes) break;
      await rm(entry.file, { force: true });
      total -= entry.size;
    }
  }
}
