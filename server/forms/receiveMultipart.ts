import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { FormsConfig } from '../config/env.ts';
import type { UploadFiles } from '../leads/uploadFiles.ts';
import { UPLOAD_MESSAGES } from '../../shared/forms/uploads.ts';
import { detectFileType } from './detectFileType.ts';
import { BodyProblem } from './problems.ts';

/** A file that passed the size and content checks, stored under its upload id. */
export interface ReceivedFile {
  readonly id: string;
  readonly field: string;
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export interface MultipartBody {
  readonly fields: Record<string, string | string[]>;
  readonly files: ReceivedFile[];
}

/** Text fields of a form are short; this bounds what a multipart body may hold besides files. */
const FIELD_LIMITS = { fields: 60, fieldSize: 64 * 1024, parts: 120, headerPairs: 50 };

/** A visitor's file name, reduced to a harmless display name. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'файл').slice(0, 200);
}

/**
 * Streams a multipart body (busboy): files go straight to disk as `<id>.part`, never whole in
 * memory; each is cut at the size limit, checked by content, then renamed into place. Any
 * problem (size, count, type, malformed body) deletes every file of the request and throws a
 * BodyProblem with the Russian message for `fileField`.
 */
export async function receiveMultipart(
  req: IncomingMessage,
  options: { limits: Pick<FormsConfig, 'maxFiles' | 'maxFileBytes'>; files: UploadFiles; fileField: (partName: string) => string },
): Promise<MultipartBody> {
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
    req.on('close', () => {
      if (!req.complete) reject(new BodyProblem(400));
    });
  });
  req.pipe(parser);

  const received: ReceivedFile[] = [];
  try {
    await finished;
    const sizes = await Promise.all(written.map((file) => file.done));
    if (problem !== undefined) throw problem;
    for (const [index, file] of written.entries()) {
      if (file.truncated()) {
        throw new BodyProblem(413, { [file.field]: UPLOAD_MESSAGES.size(file.name, limits.maxFileBytes) });
      }
      const type = await detectFileType(files.partPathOf(file.id));
      if (type === undefined) throw new BodyProblem(422, { [file.field]: UPLOAD_MESSAGES.type(file.name) });
      await rename(files.partPathOf(file.id), files.pathOf(file.id));
      received.push({ id: file.id, field: file.field, name: file.name, size: sizes[index]!, type: type.mime });
    }
    return { fields, files: received };
  } catch (error) {
    req.unpipe(parser);
    req.resume();
    await Promise.all(written.map((file) => file.done.catch(() => undefined)));
    await Promise.all(written.map((file) => rm(files.partPathOf(file.id), { force: true })));
    await files.delete(received.map((file) => file.id));
    throw error instanceof BodyProblem ? error : new BodyProblem(400);
  }
}
