import type { Request, Response } from 'express';
import type { FormName } from '../../../../shared/forms/definitions.ts';
import type { Config } from '../../../platform/config/env.ts';
import type { Logger } from '../../../platform/logging/logger.ts';
import type { LeadCapture } from '../leadCapture.ts';
import type { SubmissionMeta } from './bodies.ts';
import type { ReadBody } from './receiveBody.ts';
import type { UploadQuota } from './uploadBudget.ts';

/** What the form endpoints need: their settings, a logger and the leads side. */
export interface FormsApiOptions {
  readonly config: Pick<Config, 'forms' | 'leads' | 'webConcurrency' | 'publicBaseUrl'>;
  readonly logger: Logger;
  /** The store and outbox; a function so the app can open them lazily (tests, tools). */
  readonly leads: () => Promise<LeadCapture>;
}

/** One post of a form as it goes through the steps: what was read, and what each answer needs. */
export interface Submission {
  readonly req: Request;
  readonly res: Response;
  readonly form: FormName;
  readonly config: FormsApiOptions['config'];
  readonly leads: LeadCapture;
  /** The form's file fields, in the order of its definition. */
  readonly fileFields: readonly string[];
  readonly body: ReadBody;
  readonly client: string;
  readonly quota: UploadQuota;
  readonly meta: SubmissionMeta;
  /** The files this request brought. */
  readonly uploadIds: readonly string[];
}
