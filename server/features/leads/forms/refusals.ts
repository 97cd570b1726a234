import type { Request, Response } from 'express';
import type { FormName } from '../../../../shared/forms/definitions.ts';
import { markExpectedRefusal } from '../../../platform/http/expectedRefusal.ts';
import { sendHeld } from '../../../platform/http/refusalHold.ts';
import { StoreUnavailableError } from '../storeAvailability.ts';
import { BodyProblem } from './problems.ts';
import { answerProblem } from './respond.tsx';

/** 503 with Retry-After without the database: refused by design, a warning line (the outage is logged once). */
export function unavailable(req: Request, res: Response, form?: FormName, pageField?: unknown, publicBaseUrl?: string): void {
  markExpectedRefusal(res);
  answerProblem(req, res, { status: 503, ...(form ? { form } : {}), ...(publicBaseUrl === undefined ? {} : { pageField, publicBaseUrl }) });
}

/** A body that could not be read; a spent client budget's 429 is held first (refusalHold.ts), a full quota's 507 is not. */
export async function answerBodyProblem(req: Request, res: Response, error: unknown, form?: FormName): Promise<void> {
  if (error instanceof StoreUnavailableError) return unavailable(req, res, form);
  if (!(error instanceof BodyProblem)) throw error;
  if (error.status === 507 || error.status === 429) markExpectedRefusal(res);
  const answer = () => answerProblem(req, res, { status: error.status, errors: error.errors, ...(form ? { form } : {}) });
  if (error.status === 429) return sendHeld(res, answer);
  answer();
}
