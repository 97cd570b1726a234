import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { FormsConfig } from '../config/env.ts';
import { StoreUnavailableError } from '../leads/storeAvailability.ts';
import type { UploadFiles } from '../leads/uploadFiles.ts';
import { UPLOAD_MESSAGES } from '../../shared/forms/uploads.ts';
import { detectFileType, nameForKind } from './detectFileType.ts';
import { BodyProblem } from './problems.ts';
import type { UploadQuota, UploadRefusal } from './uploadBudget.ts';

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

/** Why a request's files were refused by the budgets, and beside which field. */
interface BudgetRefusal {
  readonly refusal: UploadRefusal;
  readonly field: string;
}

/**
 * A request's files held against the upload budgets chunk by chunk, before each chunk is written
 * (decision 039): the first hold asks for all the body may bring (`firstWant`), later ones for
 * what is missing. A chunk the budgets cannot hold is dropped, and the request is refused once
 * its body is read. Holds are made one at a time, in the order of the chunks.
 */
function requestBudget(quota: UploadQuota, firstWant: number) {
  let held = 0;
  let used = 0;
  let asked = false;
  let queue: Promise<unknown> = Promise.resolve();
  const state: { refused?: BudgetRefusal; failure?: Error } = {};
  const take = async (bytes: number, field: string): Promise<boolean> => {
    if (state.refused !== undefined || state.failure !== undefined) return false;
    if (used + bytes > held) {
      const answer = await quota.hold(asked ? used + bytes - held : Math.max(firstWant, bytes));
      asked = true;
      held += answer.granted;
      if (used + bytes > held) {
        state.refused = { refusal: answer.refusal ?? 'quota', field };
        return false;
      }
    }
    used += bytes;
    return true;
  };
  return {
    state,
    /** A pass-through for one file's bytes that lets through only what the budgets hold. */
    meter(field: string): Transform {
      return new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          const turn = queue.then(() => take(chunk.length, field));
          queue = turn.catch((error: unknown) => {
            // An unreachable database: the chunk is dropped and the error thrown once the body is read.
            state.failure ??= error instanceof Error ? error : new Error(String(error));
          });
          turn.then(
            (kept) => callback(null, kept ? chunk : undefined),
            () => callback(),
          );
        },
      });
    },
  };
}

/**
 * Streams a multipart body (busboy): files go straight to disk as `<id>.part`, never whole in
 * memory, each byte held against the upload budgets before it is written (`requestBudget`); each
 * file is cut past the size limit, checked by content, renamed after what it is, and committed
 * to storage. Any problem (size, count, type, quota, malformed body, a client that
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
  // The most the files may bring: what the body declares, at most every file at its limit.
  const declared = Number(req.headers['content-length']);
  const mostFiles = limits.maxFiles * (limits.maxFileBytes + 1);
  const firstWant = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, mostFiles) : mostFiles;
  const budget = options.quota === undefined ? undefined : requestBudget(options.quota, firstWant);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      // busboy cuts a file when it reaches `fileSize`: one byte more than the limit, so a file of
      // exactly the limit (which the page's own check lets through) is whole, and only a bigger one cut.
      limits: { ...FIELD_LIMITS, files: limits.maxFiles, fileSize: limits.maxFileBytes + 1 },
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
      const field = options.fileField(name);
      const target = createWriteStream(files.partPathOf(id), { flags: 'wx', flush: true });
      const done = (budget === undefined ? pipeline(stream, target) : pipeline(stream, budget.meter(field), target)).then(
        () => target.bytesWritten,
      );
      done.catch(() => undefined);
      written.push({ id, field, name: cleanFileName(info.filename), truncated: () => truncated, done });
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
    if (budget?.state.failure !== undefined) throw budget.state.failure;
    if (budget?.state.refused !== undefined) throw budgetProblem(budget.state.refused);
    if (problem !== undefined) throw problem;
    const checked: ReceivedFile[] = [];
    for (const [index, file] of written.entries()) {
      if (file.truncated() || sizes[index]! > limits.maxFileBytes) {
        throw new BodyProblem(413, { [file.field]: UPLOAD_MESSAGES.size(file.name, limits.maxFileBytes) });
      }
      const type = await detectFileType(files.partPathOf(file.id));
      if (type === undefined) throw new BodyProblem(422, { [file.field]: UPLOAD_MESSAGES.type(file.name) });
      checked.push({ id: file.id, field: file.field, name: nameForKind(file.name, type.kind), size: sizes[index]!, type: type.mime });
    }
    if (checked.length > 0 && options.quota !== undefined) {
      const incoming = checked.reduce((sum, file) => sum + file.size, 0);
      const refusal = await options.quota.settle(incoming, checked.length);
      if (refusal !== undefined) throw budgetProblem({ refusal, field: checked[0]!.field });
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
    await options.quota?.release().catch(() => undefined);
    // An unreachable database (the quota's count, a commit) is the server's problem, not the body's.
    if (error instanceof BodyProblem || error instanceof StoreUnavailableError) throw error;
    throw new BodyProblem(400);
  } finally {
    req.off('close', abandoned);
  }
}

/** 429 for the client's own budget, 507 for the site's space (uploadBudget.ts). */
function budgetProblem({ refusal, field }: BudgetRefusal): BodyProblem {
  return refusal === 'client budget'
    ? new BodyProblem(429, { [field]: UPLOAD_MESSAGES.clientBudget })
    : new BodyProblem(507, { [field]: UPLOAD_MESSAGES.quota });
}
