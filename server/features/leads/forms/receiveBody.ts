import type { Request, Response } from 'express';
import type { FormName } from '../../../../shared/forms/definitions.ts';
import type { FormsConfig } from '../../../platform/config/env.ts';
import type { LeadCapture } from '../leadCapture.ts';
import { BodyProblem } from './problems.ts';
import { readFormBody, type ReadBody } from './readBody.ts';
import { answerBodyProblem } from './refusals.ts';
import { uploadClientKey, uploadQuota, type UploadQuota } from './uploadBudget.ts';

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

/**
 * The first step of both form endpoints: reads the body, its files streamed to disk and held
 * against the upload budgets (decision 039). A body that cannot be read is answered here, and
 * the step gives nothing back.
 */
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

/**
 * A request's upload budget hold, given back when its answer is done whatever the way there: the
 * files' rows replaced it if they were kept (decision 039), else it would count until it expires.
 */
function heldUntilAnswered(res: Response, quota: UploadQuota): UploadQuota {
  res.once('close', () => void quota.release().catch(() => undefined));
  return quota;
}
