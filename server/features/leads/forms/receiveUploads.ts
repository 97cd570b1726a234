import type { Request, Response } from 'express';
import { VALIDATION_MESSAGES } from '../../../../shared/forms/messages.ts';
import type { LeadCapture } from '../leadCapture.ts';
import type { FormsApiOptions } from './submission.ts';
import type { ReceivedFile } from './receiveMultipart.ts';
import { receiveBody, type ReceivedBody } from './receiveBody.ts';
import { answerProblem } from './respond.tsx';

/** Field of the upload call's files (§7 "File upload can POST multipart form data"). */
export const UPLOAD_FIELD = 'files';

/**
 * `POST /api/upload`: files sent ahead of their form, each kept unclaimed for its hour until a
 * lead names it. Read the files → refuse an empty body → record them → answer 201 with their ids.
 */
export function receiveUploads(options: FormsApiOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const leads = await options.leads();
    const received = await receiveBody(req, res, {
      limits: options.config.forms,
      leads,
      fileField: () => UPLOAD_FIELD,
      multipartOnly: true,
    });
    if (received === undefined) return;
    if (received.body.files.length === 0) return refuseEmpty(req, res);
    await recordUploads(leads, received);
    options.logger.info({ files: received.body.files.length, reqId: req.id }, 'files uploaded');
    answerUploaded(res, received.body.files);
  };
}

function refuseEmpty(req: Request, res: Response): void {
  answerProblem(req, res, { status: 422, errors: { [UPLOAD_FIELD]: VALIDATION_MESSAGES.required } });
}

/** The files' rows, which take the place of the request's budget hold (decision 039). */
async function recordUploads(leads: LeadCapture, { body, client, quota }: ReceivedBody): Promise<void> {
  const createdAt = Date.now();
  try {
    await leads.store.saveUploads(
      body.files.map((file) => ({ ...file, createdAt })),
      client,
      quota.reservationId,
    );
  } catch (error) {
    // With the files in the database, deleting them may fail for the same reason: the purge
    // sweeps files no upload row knows once the database is back.
    await leads.files.delete(body.files.map((file) => file.id)).catch(() => undefined);
    throw error;
  }
}

function answerUploaded(res: Response, files: readonly ReceivedFile[]): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(201).json({ files: files.map(({ id, name, size, type }) => ({ id, name, size, type })) });
}
