import type { Request, Response } from 'express';
import { FORM_NAMES, fileFieldsOf, type FormName } from '../../../../shared/forms/definitions.ts';
import type { SpamReason } from '../store.ts';
import type { Logger } from '../../../platform/logging/logger.ts';
import { leadsCreated, leadsSuspectedSpam } from '../../../platform/monitoring/metrics.ts';
import { readMeta, validateFormBody, type FormValues, type SubmissionMeta } from './bodies.ts';
import { keptUploadIds, redirectToResult } from './formResults.ts';
import type { FormsApiOptions, Submission } from './submission.ts';
import { receiveBody, recordUploads } from './receiveBody.ts';
import { answerFailure, refuseFiles, refuseInvalid } from './refuseSubmission.ts';
import { answerAccepted, wantsPage } from './respond.tsx';

/** `Idempotency-Key` of the site's script: one per filled form, so a retry is not a second lead. */
const IDEMPOTENCY_KEY = /^[\w-]{16,64}$/;

export const isFormName = (value: string): value is FormName => (FORM_NAMES as readonly string[]).includes(value);

type StoredLead = Awaited<ReturnType<Submission['leads']['submit']>>;

/** `POST /api/forms/<form>`: body, files, spam check, §5 rules, store, answer; a later failure drops its files. Logs no field. */
export function submitForm(options: FormsApiOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const form = String(req.params.form);
    if (!isFormName(form)) {
      res.status(404).json({ error: 'Форма не найдена' });
      return;
    }
    const submission = await receiveSubmission(req, res, form, options);
    if (submission === undefined) return;
    try {
      await acceptSubmission(submission, options.logger);
    } catch (error) {
      await answerFailure(submission, error);
    }
  };
}

async function receiveSubmission(req: Request, res: Response, form: FormName, options: FormsApiOptions): Promise<Submission | undefined> {
  const leads = await options.leads();
  const fileFields = fileFieldsOf(form);
  const received = await receiveBody(req, res, {
    limits: options.config.forms,
    leads,
    form,
    // Parts of unknown names are kept under the form's first file field, then validated.
    fileField: (name) => (fileFields.includes(name) ? name : (fileFields[0] ?? 'files')),
  });
  if (received === undefined) return undefined;
  const meta = readMeta(received.body.fields, Date.now(), req.get('referer'));
  const uploadIds = received.body.files.map((file) => file.id);
  return { req, res, form, config: options.config, leads, fileFields, ...received, meta, uploadIds };
}

async function acceptSubmission(submission: Submission, logger: Logger): Promise<void> {
  if (submission.body.files.length > 0 && submission.fileFields.length === 0) return refuseFiles(submission);
  await recordUploads(submission.leads, submission);
  const suspectedSpam = judgeSpam(submission.meta, submission.config.forms.minFillMs);
  const result = validateFormBody(submission.form, withFileIds(submission), submission.config.forms.maxFiles);
  if (result.errors !== undefined) return refuseInvalid(submission, result.errors);
  const stored = await storeLead(submission, result.values, suspectedSpam);
  recordStored(submission, stored, suspectedSpam, logger);
  await answerStored(submission, stored);
}

/** The fill time the site's script measured; a plain HTML form or an integration has none (a cached page's would be shared). */
function judgeSpam(meta: SubmissionMeta, minFillMs: number): SpamReason | undefined {
  const tooFast = meta.fillMs !== undefined && meta.fillMs < minFillMs;
  return meta.honeypot !== '' ? 'honeypot' : tooFast ? 'too fast' : undefined;
}

/** The body's fields, each file field holding the ids of its files. */
function withFileIds({ body, fileFields }: Submission): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...body.fields };
  for (const name of fileFields) {
    // A form sent again without JavaScript names the files it already sent (decision 030).
    const ids =
      body.kind === 'multipart'
        ? [...keptUploadIds(fields[name]), ...body.files.filter((file) => file.field === name).map((file) => file.id)]
        : fields[name];
    fields[name] = ids ?? [];
  }
  return fields;
}

function storeLead(submission: Submission, values: FormValues, suspectedSpam: SpamReason | undefined): Promise<StoredLead> {
  const { req, form, meta, fileFields } = submission;
  const key = req.get('idempotency-key');
  return submission.leads.submit({
    form,
    fields: Object.fromEntries(Object.entries(values).filter(([name]) => !fileFields.includes(name))) as Record<string, string | boolean>,
    page: meta.page,
    utm: meta.utm,
    uploads: fileFields.flatMap((name) => (values[name] as string[]).map((id) => ({ field: name, id }))),
    idempotencyKey: key !== undefined && IDEMPOTENCY_KEY.test(key) ? key : undefined,
    suspectedSpam,
  });
}

/** A post that looks automated is answered as any other and counted: too fast, sent marked; honeypot, kept unsent (decision 039). */
function recordStored({ req, form }: Submission, stored: StoredLead, suspectedSpam: SpamReason | undefined, logger: Logger): void {
  if (suspectedSpam !== undefined && stored.created) leadsSuspectedSpam.labels(form, suspectedSpam).inc();
  logger.info({ form, leadId: stored.id, repeated: !stored.created, suspectedSpam, reqId: req.id }, 'lead stored');
  if (stored.created) leadsCreated.labels(form).inc();
}

async function answerStored({ req, res, form, leads, meta, config }: Submission, stored: StoredLead): Promise<void> {
  // Without JavaScript the confirmation shows in place of the form, on the page it was sent from.
  if (wantsPage(req) && form !== 'request') {
    return redirectToResult(req, res, {
      store: leads.store,
      page: meta.page,
      publicBaseUrl: config.publicBaseUrl,
      result: { form, status: 'accepted', leadId: stored.id },
    });
  }
  answerAccepted(req, res, stored.id);
}
