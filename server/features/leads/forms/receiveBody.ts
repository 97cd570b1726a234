import express, { type Request, type Response } from 'express';
import type { FormName } from '../../../../shared/forms/definitions.ts';
import type { FormsConfig } from '../../../platform/config/env.ts';
import type { LeadCapture } from '../leadCapture.ts';
import { BodyProblem } from './problems.ts';
import { receiveMultipart, type MultipartOptions, type ReceivedFile } from './receiveMultipart.ts';
import { answerBodyProblem } from './refusals.ts';
import { uploadClientKey, uploadQuota, type UploadQuota } from './uploadBudget.ts';

/** JSON and urlencoded form bodies are small: text fields only (files go through multipart). */
const TEXT_BODY_LIMIT = '64kb';

const json = express.json({ limit: TEXT_BODY_LIMIT, strict: true, type: 'application/json' });
const urlencoded = express.urlencoded({
  limit: TEXT_BODY_LIMIT,
  extended: false,
  parameterLimit: 100,
  type: 'application/x-www-form-urlencoded',
});

export interface ReadBody {
  readonly kind: 'json' | 'urlencoded' | 'multipart';
  readonly fields: Record<string, unknown>;
  readonly files: ReceivedFile[];
}

/** Runs an express body parser and turns its errors into a status (400, 413, 415); never logs the body. */
function parseWith(parser: typeof json, req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve, reject) => {
    parser(req, res, (error?: unknown) => {
      if (error === undefined || error === null) return resolve(req.body);
      const { type, status } = error as { type?: string; status?: number };
      if (type === 'entity.too.large' || status === 413) return reject(new BodyProblem(413));
      if (type === 'charset.unsupported' || type === 'encoding.unsupported' || status === 415) return reject(new BodyProblem(415));
      return reject(new BodyProblem(400));
    });
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A form POST's body as JSON, urlencoded or multipart; anything else 415, unreadable 400, over the limits 413. */
async function readFormBody(req: Request, res: Response, options: MultipartOptions): Promise<ReadBody> {
  const type = req.is(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);
  if (type === 'multipart/form-data') {
    // All files at their limit plus a megabyte of text: anything declared bigger is refused unread.
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > options.limits.maxFiles * options.limits.maxFileBytes + 1024 * 1024) throw new BodyProblem(413);
    return { kind: 'multipart', ...(await receiveMultipart(req, options)) };
  }
  if (typeof type !== 'string') throw new BodyProblem(415);
  const body = await parseWith(type === 'application/json' ? json : urlencoded, req, res);
  if (!isRecord(body)) throw new BodyProblem(400);
  return { kind: type === 'application/json' ? 'json' : 'urlencoded', fields: body, files: [] };
}

/** A request's body as read, the client it came from, and its hold on the upload budgets. */
export interface ReceivedBody {
  readonly body: ReadBody;
  readonly client: string;
  readonly quota: UploadQuota;
}

export interface ReceiveBodyOptions {
  readonly limits: FormsConfig;
  readonly leads: LeadCapture;
  /** The field a file part is kept under, from the part's name. */
  readonly fileField: (partName: string) => string;
  /** The upload call takes files only: anything else is 415. */
  readonly multipartOnly?: boolean;
  /** The form posted to, named in the answer to a body that could not be read. */
  readonly form?: FormName;
}

/** Both form endpoints' first step: the body, files streamed to disk within the budgets (decision 039), or its refusal answered. */
export async function receiveBody(req: Request, res: Response, options: ReceiveBodyOptions): Promise<ReceivedBody | undefined> {
  const client = uploadClientKey(req.ip);
  const quota = heldUntilAnswered(res, uploadQuota(options.limits, options.leads.store, client));
  try {
    if (options.multipartOnly === true && !req.is('multipart/form-data')) throw new BodyProblem(415);
    const body = await readFormBody(req, res, { limits: options.limits, files: options.leads.files, fileField: options.fileField, quota });
    return { body, client, quota };
  } catch (error) {
    await answerBodyProblem(req, res, error, options.form);
    return undefined;
  }
}

/** A request's budget hold, given back when its answer is done: kept files' rows replaced it (decision 039). */
function heldUntilAnswered(res: Response, quota: UploadQuota): UploadQuota {
  res.once('close', () => void quota.release().catch(() => undefined));
  return quota;
}

/** The files' rows, which take the place of the request's budget hold (decision 039); the files go if they cannot be recorded. */
export async function recordUploads(leads: LeadCapture, { body, client, quota }: ReceivedBody): Promise<void> {
  const createdAt = Date.now();
  try {
    await leads.store.saveUploads(
      body.files.map((file) => ({ ...file, createdAt })),
      client,
      quota.reservationId,
    );
  } catch (error) {
    // With the files in the database, deleting them may fail alike: the purge sweeps files no upload row knows.
    await leads.files.delete(body.files.map((file) => file.id)).catch(() => undefined);
    throw error;
  }
}
