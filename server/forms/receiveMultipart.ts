import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { FormsConfig } from '../config/env.ts';
import { StoreUnavailableError } from '../leads/storeAvailability.ts';
import type { UploadFiles } from '../leads/uploadFiles.ts';
import { UPLOAD_MESSAGES } from '../../shared/forms/uploads.ts';
import { detectFileType, nameForKind } from './detectFileType.ts';
import { BodyProblem } from './problems.ts';
import type { UploadQuota } from './uploadBudget.ts';

/** A file that passed the size and content checks, stored under its upload id. */
export interface ReceivedFile {
  readonly id: string;
  readonly field: string;
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export interface MultipartOptions {
  readonly limits: Pick<FormsConfig, 'maxFiles' | 'maxFileBytes'>;
  readonly files: UploadFiles;
  readonly fileField: (partName: string) => string;
  readonly quota?: UploadQuota | undefined;
}

export interface MultipartBody {
  readonly fields: Record<string, string | string[]>;
  readonly files: ReceivedFile[];
}

/** Text fields of a form are short; this bounds what a multipart body may hold besides files. */
const FIELD_LIMITS = { fields: 60, fieldSize: 64 * 1024, parts: 120, headerPairs: 50 };

/**
 * Characters removed from a file name: controls, and format characters, among them the bidi
 * overrides and isolates that make `brief\u202efdp.zip` show as "briefpiz.pdf" in a mail client,
 * and zero-width ones that hide inside a name; line and paragraph separators too.
 */
const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A visitor's file name, reduced to a harmless display name: what is shown is what it is. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()!.replace(INVISIBLE_CHARACTERS, '').trim();
  return (base || 'файл').slice(0, 200);
}

/**
 * Streams a multipart body (busboy): files go straight to disk as `<id>.part`, never whole in
 * memory; each is cut at the size limit, checked by content, renamed after what it is, and
 * committed to storage. Any problem (size, count, type, quota, malformed body, a client that
 * leaves or stalls until the server's request timeout) deletes every file of the request and
 * throws a BodyProblem with the Russian message for `fileField`; an unreachable leads database,
 * its StoreUnavailableError.
 */
export async function receiveMultipart(req: IncomingMessage, options: MultipartOptions): Promise<MultipartBody> {
  const { limits, files } = options;
  await mkdir(files.dir, { recursive: true });
  const fields: Record<string, string | string[]> = {};
  const written: { id: string; field: string; name: string; truncated: () => boolean; done: Promise<number> }[] = [];
  let problem: BodyProblem | undefined;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { ...FIELD_LIMITS, files: limits.maxFiles, fileSize: limits.maxFileBytes },
    });
  } catch {
    throw new BodyProblem(400);
  }

  const finished = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) problem ??= new BodyProblem(413);
      const existing = fields[name];
      fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    });
    parser.on('file', (name, stream, info) => {
      // An empty <input type="file"> still sends a part, with no file name and no bytes.
      if (!info.filename) {
        stream.resume();
        return;
      }
      const id = randomUUID();
      let truncated = false;
      stream.on('limit', () => {
        truncated = true;
      });
      const target = createWriteStream(files.partPathOf(id), { flags: 'wx', flush: true });
      const done = pipeline(stream, target).then(() => target.bytesWritten);
      done.catch(() => undefined);
      written.push({ id, field: options.fileField(name), name: cleanFileName(info.filename), truncated: () => truncated, done });
    });
    parser.on('filesLimit', () => {
      problem ??= new BodyProblem(422, { [options.fileField('')]: UPLOAD_MESSAGES.count(limits.maxFiles) });
    });
    parser.on('fieldsLimit', () => (problem ??= new BodyProblem(413)));
    parser.on('partsLimit', () => (problem ??= new BodyProblem(413)));
    parser.on('error', () => reject(new BodyProblem(400)));
    parser.on('close', resolve);
  });
  // A client that disconnects (or is cut by the server's request timeout) mid-body: the parser is
  // destroyed, which destroys the file stream in progress, whose pipeline then destroys the
  // write stream and closes its descriptor; the `.part` files are removed below. `pipe` alone
  // would leave the parser waiting for bytes that never come and the write stream open.
  const abandoned = () => {
    if (!req.complete) parser.destroy(new BodyProblem(400));
  };
  req.once('close', abandoned);
  req.pipe(parser);

  const received: ReceivedFile[] = [];
  try {
    await finished;
    const sizes = await Promise.all(written.map((file) => file.done));
    if (problem !== undefined) throw problem;
    const checked: ReceivedFile[] = [];
    for (const [index, file] of written.entries()) {
      if (file.truncated()) {
        throw new BodyProblem(413, { [file.field]: UPLOAD_MESSAGES.size(file.name, limits.maxFileBytes) });
      }
      const type = await detectFileType(files.partPathOf(file.id));
      if (type === undefined) throw new BodyProblem(422, { [file.field]: UPLOAD_MESSAGES.type(file.name) });
      checked.push({ id: file.id, field: file.field, name: nameForKind(file.name, type.kind), size: sizes[index]!, type: type.mime });
    }
    if (checked.length > 0 && options.quota !== undefined) {
      const incoming = checked.reduce((sum, file) => sum + file.size, 0);
      const refusal = await options.quota.refusal(incoming, checked.length);
      if (refusal === 'client budget') throw new BodyProblem(429, { [checked[0]!.field]: UPLOAD_MESSAGES.clientBudget });
      if (refusal === 'quota') throw new BodyProblem(507, { [checked[0]!.field]: UPLOAD_MESSAGES.quota });
    }
    for (const file of checked) {
      await files.commit(file.id);
      received.push(file);
    }
    return { fields, files: received };
  } catch (error) {
    req.unpipe(parser);
    if (!req.destroyed) req.resume();
    await Promise.all(written.map((file) => file.done.catch(() => undefined)));
    await Promise.all(written.map((file) => rm(files.partPathOf(file.id), { force: true })));
    // Files committed to the database stay there if it went away meanwhile: the purge sweeps them.
    await files.delete(received.map((file) => file.id)).catch(() => undefined);
    // An unreachable database (the quota's count, a commit) is the server's problem, not the body's.
    if (error instanceof BodyProblem || error instanceof StoreUnavailableError) throw error;
    throw new BodyProblem(400);
  } finally {
    req.off('close', abandoned);
  }
}
