import { createReadStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { placeholders, type SqlClient } from '../../platform/database/sqlClient.ts';
import { partPath, sweepLocalFolder, type AttachmentSource, type UploadFiles } from './uploadFiles.ts';

/** Rows of at most this many bytes: neither an upload nor an e-mail holds a whole file in memory. */
export const CHUNK_BYTES = 256 * 1024;

/** Uploads in PostgreSQL (`upload_chunks`) with DATABASE_URL, so every instance reads any lead's files; `.part` files checked first. */
export class DatabaseUploadFiles implements UploadFiles {
  constructor(
    readonly dir: string,
    private readonly db: SqlClient,
    private readonly now: () => number = Date.now,
  ) {}

  partPathOf(id: string): string {
    return partPath(this.dir, id);
  }

  /** One transaction: a file is in the database whole or not at all. */
  async commit(id: string): Promise<void> {
    const createdAt = this.now();
    await this.db.transaction(async (tx) => {
      let seq = 0;
      for await (const chunk of createReadStream(this.partPathOf(id), { highWaterMark: CHUNK_BYTES })) {
        const values = [id, seq, chunk as Buffer, createdAt];
        await tx.run('INSERT INTO upload_chunks (upload_id, seq, data, created_at) VALUES ($1, $2, $3, $4)', values);
        seq += 1;
      }
    });
    await rm(this.partPathOf(id), { force: true });
  }

  async source(id: string): Promise<AttachmentSource | undefined> {
    const [row] = await this.db.all<{ chunks: number | string }>('SELECT COUNT(*) AS chunks FROM upload_chunks WHERE upload_id = $1', [id]);
    const chunks = Number(row?.chunks ?? 0);
    if (chunks === 0) {
      // A file received before the store moved to the database is still in the local folder.
      const local = path.join(this.dir, id);
      return /^[0-9a-f-]{36}$/.test(id) && existsSync(local) ? { path: local } : undefined;
    }
    const db = this.db;
    // Lazy: a row is read only when the mail transport asks for more.
    return {
      content: Readable.from(
        (async function* () {
          for (let seq = 0; seq < chunks; seq += 1) {
            const [chunk] = await db.all<{ data: Buffer }>('SELECT data FROM upload_chunks WHERE upload_id = $1 AND seq = $2', [id, seq]);
            if (chunk === undefined) throw new Error(`upload ${id} lost its part ${seq} while being read`);
            yield chunk.data;
          }
        })(),
      ),
    };
  }

  async delete(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.run(`DELETE FROM upload_chunks WHERE upload_id IN (${placeholders(ids.length)})`, ids);
    await Promise.all(ids.map((id) => rm(this.partPathOf(id), { force: true })));
  }

  async sweepOrphans(before: number, isKnown: (id: string) => Promise<boolean>): Promise<number> {
    const local = await sweepLocalFolder(this.dir, before, async (id) => !(await isKnown(id)));
    const orphans = await this.db.all<{ upload_id: string }>(
      `SELECT DISTINCT upload_id FROM upload_chunks c
       WHERE created_at < $1 AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.id = c.upload_id)`,
      [before],
    );
    await this.delete(orphans.map((row) => row.upload_id));
    return local + orphans.length;
  }
}
