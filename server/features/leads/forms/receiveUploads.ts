import type { Request, Response } from 'express';
import { VALIDATION_MESSAGES } from '../../../../shared/forms/messages.ts';
import type { FormsApiOptions } from './submission.ts';
import type { ReceivedFile } from './receiveMultipart.ts';
import { receiveBody, recordUploads } from './receiveBody.ts';
import { answerProblem } from './respond.tsx';

/** Field of the upload call's files (§7 "File upload can POST multipart form data"). */
export const UPLOAD_FIELD = 'files';

/** `POST /api/upload`: files ahead of their form, unclaimed for an hour: read → refuse an empty body → record → 201 with ids. */
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

function answerUploaded(res: Response, files: readonly ReceivedFile[]): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(201).json({ files: files.map(({ id, name, size, type }) => ({ id, name, size, type })) });
}
