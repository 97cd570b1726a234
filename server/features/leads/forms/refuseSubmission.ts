import { FORMS, META_FIELDS } from '../../../../shared/forms/definitions.ts';
import { VALIDATION_MESSAGES } from '../../../../shared/forms/messages.ts';
import { UnknownUploadError } from '../store.ts';
import { StoreUnavailableError } from '../storeAvailability.ts';
import { UNCLAIMED_UPLOAD_TTL_MS } from '../purge.ts';
import { keptFiles, keptUploadIds, redirectToResult, typedValues } from './formResults.ts';
import { unavailable } from './refusals.ts';
import { answerProblem, wantsPage } from './respond.tsx';
import type { Submission } from './submission.ts';

type Errors = Readonly<Record<string, string>>;

/** A submission not accepted: 422 with its errors, its files discarded, or without JavaScript back to the form (decision 030). */
export async function refuseInvalid(submission: Submission, errors: Errors): Promise<void> {
  if (wantsPage(submission.req)) return returnToForm(submission, errors);
  await discard(submission);
  answerInvalid(submission, errors);
}

/** Files sent to a form that takes none. */
export async function refuseFiles(submission: Submission): Promise<void> {
  await discard(submission);
  answerInvalid(submission, {});
}

/** A step failing after the body was read: an expired or taken file (422), no database (503), else the error goes on. */
export async function answerFailure(submission: Submission, error: unknown): Promise<void> {
  if (error instanceof UnknownUploadError) return refuseUnknownUpload(submission, error);
  await discard(submission).catch(() => undefined);
  if (error instanceof StoreUnavailableError) {
    return unavailable(submission.req, submission.res, submission.form, pageField(submission), submission.config.publicBaseUrl);
  }
  throw error;
}

async function refuseUnknownUpload(submission: Submission, error: UnknownUploadError): Promise<void> {
  const label = FORMS[submission.form].fields[error.field]?.label ?? error.field;
  const errors = { [error.field]: VALIDATION_MESSAGES.other(label) };
  // The files that are still there stay with the form; the one that expired or was taken is named.
  if (wantsPage(submission.req)) return returnToForm(submission, errors);
  await discard(submission).catch(() => undefined);
  answerInvalid(submission, errors);
}

function answerInvalid(submission: Submission, errors: Errors): void {
  const { req, res, form, config } = submission;
  answerProblem(req, res, { status: 422, form, errors, pageField: pageField(submission), publicBaseUrl: config.publicBaseUrl });
}

const pageField = (submission: Submission): unknown => submission.body.fields[META_FIELDS.page];

/** Without JavaScript, back to the form with errors, values and the stored files, unclaimed for their hour (decision 030). */
async function returnToForm({ req, res, form, leads, body, meta, config, ...submission }: Submission, errors: Errors): Promise<void> {
  const sent = [...submission.fileFields.flatMap((name) => keptUploadIds(body.fields[name])), ...submission.uploadIds];
  await redirectToResult(req, res, {
    store: leads.store,
    page: meta.page,
    publicBaseUrl: config.publicBaseUrl,
    result: {
      form,
      status: 'invalid',
      errors,
      values: typedValues(form, body.fields),
      files: await keptFiles(leads.store, sent, Date.now() - UNCLAIMED_UPLOAD_TTL_MS),
    },
  });
}

/** A rejected submission's files: unclaimed rows dropped, then every file without a row deleted. */
async function discard({ leads, uploadIds }: Submission): Promise<void> {
  await leads.store.deleteUnclaimedUploads(uploadIds);
  for (const id of uploadIds) if (!(await leads.store.hasUpload(id))) await leads.files.delete([id]);
}
