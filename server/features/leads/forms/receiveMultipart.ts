import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { FormsConfig } from '../../../platform/config/env.ts';
import { StoreUnavailableError } from '../storeAvailability.ts';
import type { UploadFiles } from '../uploadFiles.ts';
import { UPLOAD_MESSAGES } from '../../../../shared/forms/uploads.ts';
import { detectFileType, nameForKind } from './detectFileType.ts';
import { BodyProblem } from './problems.ts';
import { budgetProblem, requestBudget, type RequestBudget } from './requestBudget.ts';
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

/** Text fields of a form are short; this bounds what a multipart body may hold besides files. */
const FIELD_LIMITS = { fields: 60, fieldSize: 64 * 1024, parts: 120, headerPairs: 50 };

/** Removed from a file name: controls and format characters (bidi overrides: `brief\u202efdp.zip` shows as "briefpiz.pdf"). */
const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A visitor's file name, reduced to a harmless display name: what is shown is what it is. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()!.replace(INVISIBLE_CHARACTERS, '').trim();
  return (base || 'файл').slice(0, 200);
}

/** A file part being written to disk as `<id>.part`; `done` resolves to the bytes written. */
interface WrittenFile {
  readonly id: string;
  readonly field: string;
  readonly name: string;
  readonly truncated: () => boolean;
  readonly done: Promise<number>;
}

/** What the parser gathers while the body streams in: the first problem found wins. */
interface Parts {
  readonly fields: Record<string, string | string[]>;
  readonly written: WrittenFile[];
  problem?: BodyProblem;
}

/** A request's multipart reading: its options, its budget meter, and what it gathered. */
interface Reading {
  readonly options: MultipartOptions;
  readonly budget: RequestBudget | undefined;
  readonly parts: Parts;
  /** The files committed to storage so far: deleted again if a later step fails. */
  readonly received: ReceivedFile[];
}

/**
 * Streams a multipart body (busboy) to `<id>.part` files, each byte held against the budgets before it is written;
 * each file cut past the limit, checked by content, renamed after what it is and committed. Any problem deletes
 * every file of the request and throws a BodyProblem (an unreachable database, its StoreUnavailableError).
 */
export async function receiveMultipart(req: IncomingMessage, options: MultipartOptions) {
  await mkdir(options.files.dir, { recursive: true });
  const budget = options.quota === undefined ? undefined : requestBudget(options.quota, firstWantOf(req, options.limits));
  const parser = createParser(req, options.limits);
  const reading: Reading = { options, budget, parts: { fields: {}, written: [] }, received: [] };
  const finished = collectParts(parser, reading);
  const stopWatching = watchAbandon(req, parser);
  req.pipe(parser);
  try {
    await finished;
    const checked = await checkFiles(reading);
    await settleQuota(checked, options.quota);
    await commitFiles(checked, reading);
    return { fields: reading.parts.fields, files: reading.received };
  } catch (error) {
    return await discardRequest(req, parser, reading, error);
  } finally {
    stopWatching();
  }
}

/** The most the files may bring: what the body declares, at most every file at its limit. */
function firstWantOf(req: IncomingMessage, limits: MultipartOptions['limits']): number {
  const declared = Number(req.headers['content-length']);
  const mostFiles = limits.maxFiles * (limits.maxFileBytes + 1);
  return Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, mostFiles) : mostFiles;
}

function createParser(req: IncomingMessage, limits: MultipartOptions['limits']): busboy.Busboy {
  try {
    return busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      // busboy cuts a file at `fileSize`: one byte over the limit, so a file of exactly the limit is whole and only a bigger one cut.
      limits: { ...FIELD_LIMITS, files: limits.maxFiles, fileSize: limits.maxFileBytes + 1 },
    });
  } catch {
    throw new BodyProblem(400);
  }
}

/** Gathers the fields and writes the files; settles when the parser closes, fails on a malformed body. */
function collectParts(parser: busboy.Busboy, reading: Reading): Promise<void> {
  const { parts, options } = reading;
  return new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) parts.problem ??= new BodyProblem(413);
      const existing = parts.fields[name];
      parts.fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    });
    parser.on('file', (name, stream, info) => writeFile(reading, name, stream, info.filename));
    parser.on('filesLimit', () => {
      parts.problem ??= new BodyProblem(422, { [options.fileField('')]: UPLOAD_MESSAGES.count(options.limits.maxFiles) });
    });
    parser.on('fieldsLimit', () => (parts.problem ??= new BodyProblem(413)));
    parser.on('partsLimit', () => (parts.problem ??= new BodyProblem(413)));
    parser.on('error', () => reject(new BodyProblem(400)));
    parser.on('close', resolve);
  });
}

/** One file part to `<id>.part`, through the budget meter when there is one. */
function writeFile({ options, budget, parts }: Reading, partName: string, stream: Readable, filename: string | undefined): void {
  // An empty <input type="file"> still sends a part, with no file name and no bytes.
  if (!filename) {
    stream.resume();
    return;
  }
  const id = randomUUID();
  let truncated = false;
  stream.on('limit', () => {
    truncated = true;
  });
  const field = options.fileField(partName);
  const target = createWriteStream(options.files.partPathOf(id), { flags: 'wx', flush: true });
  const done = (budget === undefined ? pipeline(stream, target) : pipeline(stream, budget.meter(field), target)).then(
    () => target.bytesWritten,
  );
  done.catch(() => undefined);
  parts.written.push({ id, field, name: cleanFileName(filename), truncated: () => truncated, done });
}

/** A client that leaves mid-body destroys the parser, and with it the file and write streams (`pipe` would leave them open). */
function watchAbandon(req: IncomingMessage, parser: busboy.Busboy): () => void {
  const abandoned = () => {
    if (!req.complete) parser.destroy(new BodyProblem(400));
  };
  req.once('close', abandoned);
  return () => req.off('close', abandoned);
}

/** Once every file is written: the budgets' and the parser's refusals, then each file's size and content. */
async function checkFiles({ options, budget, parts }: Reading): Promise<ReceivedFile[]> {
  const sizes = await Promise.all(parts.written.map((file) => file.done));
  if (budget?.state.failure !== undefined) throw budget.state.failure;
  if (budget?.state.refused !== undefined) throw budgetProblem(budget.state.refused);
  if (parts.problem !== undefined) throw parts.problem;
  const checked: ReceivedFile[] = [];
  for (const [index, file] of parts.written.entries()) checked.push(await checkFile(file, sizes[index]!, options));
  return checked;
}

async function checkFile(file: WrittenFile, size: number, { limits, files }: MultipartOptions): Promise<ReceivedFile> {
  if (file.truncated() || size > limits.maxFileBytes) {
    throw new BodyProblem(413, { [file.field]: UPLOAD_MESSAGES.size(file.name, limits.maxFileBytes) });
  }
  const type = await detectFileType(files.partPathOf(file.id));
  if (type === undefined) throw new BodyProblem(422, { [file.field]: UPLOAD_MESSAGES.type(file.name) });
  return { id: file.id, field: file.field, name: nameForKind(file.name, type.kind), size, type: type.mime };
}

/** The request's hold turned into its checked files (decision 039). */
async function settleQuota(checked: readonly ReceivedFile[], quota: UploadQuota | undefined): Promise<void> {
  if (checked.length === 0 || quota === undefined) return;
  const incoming = checked.reduce((sum, file) => sum + file.size, 0);
  const refusal = await quota.settle(incoming, checked.length);
  if (refusal !== undefined) throw budgetProblem({ refusal, field: checked[0]!.field });
}

async function commitFiles(checked: readonly ReceivedFile[], { options, received }: Reading): Promise<void> {
  for (const file of checked) {
    await options.files.commit(file.id);
    received.push(file);
  }
}

/** Every file of a failed request deleted and its budget hold given back; then the error as the answer's. */
async function discardRequest(req: IncomingMessage, parser: busboy.Busboy, reading: Reading, error: unknown): Promise<never> {
  const { options, parts, received } = reading;
  req.unpipe(parser);
  if (!req.destroyed) req.resume();
  await Promise.all(parts.written.map((file) => file.done.catch(() => undefined)));
  await Promise.all(parts.written.map((file) => rm(options.files.partPathOf(file.id), { force: true })));
  // Files committed to the database stay there if it went away meanwhile: the purge sweeps them.
  await options.files.delete(received.map((file) => file.id)).catch(() => undefined);
  await options.quota?.release().catch(() => undefined);
  // An unreachable database (the quota's count, a commit) is the server's problem, not the body's.
  if (error instanceof BodyProblem || error instanceof StoreUnavailableError) throw error;
  throw new BodyProblem(400);
}
