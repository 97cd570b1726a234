import express, { type Request, type Response } from 'express';
import { BodyProblem } from './problems.ts';
import { receiveMultipart, type MultipartOptions, type ReceivedFile } from './receiveMultipart.ts';

/** JSON and urlencoded form bodies are small: text fields only (files go through multipart). */
export const TEXT_BODY_LIMIT = '64kb';

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

/**
 * The body of a form POST in any of the three encodings a form may use:
 * JSON from the site's script, urlencoded or multipart from a plain HTML form. Anything else
 * is 415; a body that cannot be read is 400; one over the limits 413.
 */
export async function readFormBody(req: Request, res: Response, options: MultipartOptions): Promise<ReadBody> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (req.is('application/json')) {
    const body = await parseWith(json, req, res);
    if (!isRecord(body)) throw new BodyProblem(400);
    return { kind: 'json', fields: body, files: [] };
  }
  if (req.is('application/x-www-form-urlencoded')) {
    const body = await parseWith(urlencoded, req, res);
    if (!isRecord(body)) throw new BodyProblem(400);
    return { kind: 'urlencoded', fields: body, files: [] };
  }
  if (req.is('multipart/form-data')) {
    // All files at their limit plus a megabyte of text: anything declared bigger is refused unread.
    if (declared > options.limits.maxFiles * options.limits.maxFileBytes + 1024 * 1024) throw new BodyProblem(413);
    const body = await receiveMultipart(req, options);
    return { kind: 'multipart', fields: body.fields, files: body.files };
  }
  throw new BodyProblem(415);
}
