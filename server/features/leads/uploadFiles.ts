import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** What an e-mail attachment is read from: a local file, or a stream out of the database. */
export type AttachmentSource = { readonly path: string } | { readonly content: Readable };

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

/** Where uploads live: written as `<id>.part`, checked, committed; they leave only as e-mail attachments, never over HTTP. */
export interface UploadFiles {
  /** The local folder incoming files are written to (and, on disk storage, kept in). */
  readonly dir: string;
  partPathOf(id: string): string;
  /** Moves a complete, checked `<id>.part` into storage. */
  commit(id: string): Promise<void>;
  /** Where to read a stored file from, or undefined when it is gone for good. */
  source(id: string): Promise<AttachmentSource | undefined>;
  delete(ids: readonly string[]): Promise<void>;
  /** Files older than `before` the store does not know (a crash, an interrupted upload), removed. */
  sweepOrphans(before: number, isKnown: (id: string) => Promise<boolean>): Promise<number>;
}

export function partPath(dir: string, id: string): string {
  if (!UPLOAD_ID.test(id)) throw new Error('not an upload id');
  return path.join(dir, `${id}.part`);
}

/** Removes `.part` files older than `before` from the local folder (interrupted uploads). */
export async function sweepLocalFolder(
  dir: string,
  before: number,
  shouldRemove: (id: string, name: string) => Promise<boolean>,
): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const id = name.replace(/\.part$/, '');
    if (!UPLOAD_ID.test(id)) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info === undefined || info.mtimeMs >= before) continue;
    if (name.endsWith('.part') || (await shouldRemove(id, name))) {
      await rm(path.join(dir, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Files kept in a local folder: the SQLite arrangement, one instance with its own disk. */
export class DiskUploadFiles implements UploadFiles {
  constructor(readonly dir: string) {}

  pathOf(id: string): string {
    if (!UPLOAD_ID.test(id)) throw new Error('not an upload id');
    return path.join(this.dir, id);
  }

  partPathOf(id: string): string {
    return partPath(this.dir, id);
  }

  async commit(id: string): Promise<void> {
    await rename(this.partPathOf(id), this.pathOf(id));
  }

  async source(id: string): Promise<AttachmentSource | undefined> {
    const file = this.pathOf(id);
    const info = await stat(file).catch(() => undefined);
    return info?.isFile() ? { path: file } : undefined;
  }

  async delete(ids: readonly string[]): Promise<void> {
    await Promise.all(ids.flatMap((id) => [rm(this.pathOf(id), { force: true }), rm(this.partPathOf(id), { force: true })]));
  }

  sweepOrphans(before: number, isKnown: (id: string) => Promise<boolean>): Promise<number> {
    return sweepLocalFolder(this.dir, before, async (id) => !(await isKnown(id)));
  }
}
