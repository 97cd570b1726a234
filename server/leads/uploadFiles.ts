import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The folder of uploaded files. A file is named by its random upload id only (the visitor's
 * name is data in the store), is written as `<id>.part` and renamed when complete, and is never
 * served back over HTTP: it leaves only as an e-mail attachment to the agency.
 */
export class UploadFiles {
  readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }

  pathOf(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('not an upload id');
    return path.join(this.dir, id);
  }

  partPathOf(id: string): string {
    return `${this.pathOf(id)}.part`;
  }

  async delete(ids: readonly string[]): Promise<void> {
    await Promise.all(ids.flatMap((id) => [rm(this.pathOf(id), { force: true }), rm(this.partPathOf(id), { force: true })]));
  }

  /**
   * Files older than `before` that the store does not know (a crash between writing a file and
   * recording it, or an interrupted upload): removed, so no personal file lingers unaccounted.
   */
  async sweepOrphans(before: number, isKnown: (id: string) => Promise<boolean>): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const id = name.replace(/\.part$/, '');
      if (!/^[0-9a-f-]{36}$/.test(id)) continue;
      const info = await stat(path.join(this.dir, name)).catch(() => undefined);
      if (info === undefined || info.mtimeMs >= before) continue;
      if (name.endsWith('.part') || !(await isKnown(id))) {
        await rm(path.join(this.dir, name), { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
