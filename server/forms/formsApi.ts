import { Router, type NextFunction, type Request, type Response } from 'express';
import { FORM_NAMES, FORMS, fileFieldsOf, META_FIELDS, type FormName } from '../../shared/forms/definitions.ts';
import { FORMS_API_PATH, UPLOAD_PATH } from '../../shared/routes/serverMounts.ts';
import type { Config } from '../config/env.ts';
import type { LeadCapture } from '../leads/leadCapture.ts';
import { UnknownUploadError, type SpamReason } from '../leads/store.ts';
import { leadsCreated, leadsSuspectedSpam } from '../monitoring/metrics.ts';
import { StoreUnavailableError } from '../leads/storeAvailability.ts';
import type { Logger } from '../logging/logger.ts';
import { CLIENT_ERROR_TEXTS } from '../http/clientErrorTexts.ts';
import { markExpectedRefusal } from '../http/expectedRefusal.ts';
import { readMeta, validateFormBody } from './bodies.ts';
import { formsRateLimit } from './rateLimit.ts';
import { DatabaseRateLimitStore } from './rateLimitStore.ts';
import { BodyProblem } from './problems.ts';
import { readFormBody, type ReadBody } from './readBody.ts';
import { uploadClientKey, uploadQuota, type UploadQuota } from './uploadBudget.ts';
import { sendHeld } from '../http/refusalHold.ts';
import { answerAccepted, answerProblem, wantsPage } from './respond.tsx';
import { keptFiles, keptUploadIds, redirectToResult, typedValues } from './formResults.ts';
import { UNCLAIMED_UPLOAD_TTL_MS } from '../leads/purge.ts';
import { VALIDATION_MESSAGES } from '../../shared/forms/messages.ts';

export interface FormsApiOptions {
  readonly config: Pick<Config, 'forms' | 'leads' | 'webConcurrency' | 'publicBaseUrl'>;
  readonly logger: Logger;
  /** The store and outbox; a function so the app can open them lazily (tests, tools). */
  readonly leads: () => Promise<LeadCapture>;
}

/** `Idempotency-Key` of the site's script: one per filled form, so a retry is not a second lead. */
const IDEMPOTENCY_KEY = /^[\w-]{16,64}$/;
/** Field of the upload call's files (§7 "File upload can POST multipart form data"). */
export const UPLOAD_FIELD = 'files';

const isFormName = (value: string): value is FormName => (FORM_NAMES as readonly string[]).includes(value);

/**
 * `POST /api/forms/{request|subscribe|referral|internship}` and `POST /api/upload` (§7 leaves
 * the endpoints open; these are ours). Order: rate limit → read the body (files streamed to disk) →
 * validate with the §5 rules → store durably (a post that looks automated marked as suspected spam:
 * delivered marked, or — the honeypot filled — sent nowhere; decision 039) → answer 201. Never logs a field.
 * While the leads database is unreachable, any step that needs it answers 503 with Retry-After
 * (decision 023): nothing was stored, and the site's script sends the form again by itself.
 */
export function formsApi(options: FormsApiOptions): Router {
  const { config, logger } = options;
  const router = Router();
  // Counted in the leads database, shared by every instance and worker, when there is more than
  // one process: PostgreSQL, or SQLite's file that one instance's workers share (docs/deploy.md).
  const shared = config.leads.databaseUrl !== undefined || config.webConcurrency > 1;
  const limit = formsRateLimit(
    config.forms,
    shared ? new DatabaseRateLimitStore(async () => (await options.leads()).store, { prefix: 'forms:' }) : undefined,
  );

  router.post(`${FORMS_API_PATH}/:form`, limit, async (req: Request, res: Response) => {
    const formParam = String(req.params.form);
    if (!isFormName(formParam)) {
      res.status(404).json({ error: 'Форма не найдена' });
      return;
    }
    const form = formParam;
    const leads = await options.leads();
    const client = uploadClientKey(req.ip);
    const fileFields = fileFieldsOf(form);
    const quota = heldUntilAnswered(res, uploadQuota(config.forms, leads.store, client));
    let body: ReadBody;
    try {
      body = await readFormBody(req, res, {
        limits: config.forms,
        files: leads.files,
        // Parts of unknown names are kept under the form's first file field, then validated.
        fileField: (name) => (fileFields.includes(name) ? name : (fileFields[0] ?? 'files')),
        quota,
      });
    } catch (error) {
      return problem(req, res, error, form);
    }
    const uploadIds = body.files.map((file) => file.id);
    const meta = readMeta(body.fields, Date.now(), req.get('referer'));
    /**
     * Without JavaScript a form that was not accepted returns to its page with the errors, the
     * values and the files already stored (decision 030): the files stay, unclaimed, for their hour.
     */
    const returnToForm = async (errors: Readonly<Record<string, string>>) =>
      redirectToResult(req, res, {
        store: leads.store,
        page: meta.page,
        publicBaseUrl: config.publicBaseUrl,
        result: {
          form,
          status: 'invalid',
          errors,
          values: typedValues(form, body.fields),
          files: await keptFiles(
            leads.store,
            [...fileFields.flatMap((name) => keptUploadIds(body.fields[name])), ...uploadIds],
            Date.now() - UNCLAIMED_UPLOAD_TTL_MS,
          ),
        },
      });
    // Files of a rejected submission: rows not claimed by a lead are dropped, then every file
    // left without a row (including ones never recorded) is deleted.
    const discard = async () => {
      await leads.store.deleteUnclaimedUploads(uploadIds);
      for (const id of uploadIds) if (!(await leads.store.hasUpload(id))) await leads.files.delete([id]);
    };

    try {
      if (body.files.length > 0 && fileFields.length === 0) {
        await discard();
        return answerProblem(req, res, {
          status: 422,
          form,
          errors: {},
          pageField: body.fields[META_FIELDS.page],
          publicBaseUrl: config.publicBaseUrl,
        });
      }
      const receivedAt = Date.now();
      await leads.store.saveUploads(
        body.files.map((file) => ({ ...file, createdAt: receivedAt })),
        client,
        quota.reservationId,
      );

      // The fill time is measured by the site's script. A plain HTML form (no JavaScript) has
      // none — a time written into the page would be the same for everyone who got the cached
      // page — and neither has an integration (README, "Integrations"): without one a post is
      // judged by the honeypot and the rate limit, like any other lead.
      const tooFast = meta.fillMs !== undefined && meta.fillMs < config.forms.minFillMs;
      const suspectedSpam: SpamReason | undefined = meta.honeypot !== '' ? 'honeypot' : tooFast ? 'too fast' : undefined;

      const fields: Record<string, unknown> = { ...body.fields };
      for (const name of fileFields) {
        // A form sent again without JavaScript names the files it already sent (decision 030).
        const ids =
          body.kind === 'multipart'
            ? [...keptUploadIds(fields[name]), ...body.files.filter((file) => file.field === name).map((file) => file.id)]
            : fields[name];
        fields[name] = ids ?? [];
      }
      const result = validateFormBody(form, fields, config.forms.maxFiles);
      if (result.errors !== undefined) {
        if (wantsPage(req)) return await returnToForm(result.errors);
        await discard();
        return answerProblem(req, res, {
          status: 422,
          form,
          errors: result.errors,
          pageField: body.fields[META_FIELDS.page],
          publicBaseUrl: config.publicBaseUrl,
        });
      }
      const values = result.values;
      const key = req.get('idempotency-key');
      const stored = await leads.submit({
        form,
        fields: Object.fromEntries(Object.entries(values).filter(([name]) => !fileFields.includes(name))) as Record<
          string,
          string | boolean
        >,
        page: meta.page,
        utm: meta.utm,
        uploads: fileFields.flatMap((name) => (values[name] as string[]).map((id) => ({ field: name, id }))),
        idempotencyKey: key !== undefined && IDEMPOTENCY_KEY.test(key) ? key : undefined,
        suspectedSpam,
      });
      // A post that looks automated is answered like any other (a bot learns nothing to adapt
      // to) and counted (an alert watches for a spike); sent too fast it still reaches the
      // agency, marked, for a person to judge; with the honeypot filled it is kept and sent nowhere
      // (decision 039). Never discarded in silence.
      if (suspectedSpam !== undefined && stored.created) leadsSuspectedSpam.labels(form, suspectedSpam).inc();
      logger.info({ form, leadId: stored.id, repeated: !stored.created, suspectedSpam, reqId: req.id }, 'lead stored');
      if (stored.created) leadsCreated.labels(form).inc();
      // Without JavaScript the confirmation shows in place of the form, on the page it was sent from.
      if (wantsPage(req) && form !== 'request') {
        return await redirectToResult(req, res, {
          store: leads.store,
          page: meta.page,
          publicBaseUrl: config.publicBaseUrl,
          result: { form, status: 'accepted', leadId: stored.id },
        });
      }
      return answerAccepted(req, res, stored.id);
    } catch (error) {
      if (error instanceof UnknownUploadError) {
        const errors = { [error.field]: VALIDATION_MESSAGES.other(FORMS[form].fields[error.field]?.label ?? error.field) };
        // The files that are still there stay with the form; the one that expired or was taken is named.
        if (wantsPage(req)) return await returnToForm(errors);
        await discard().catch(() => undefined);
        return answerProblem(req, res, {
          status: 422,
          form,
          pageField: body.fields[META_FIELDS.page],
          publicBaseUrl: config.publicBaseUrl,
          errors,
        });
      }
      await discard().catch(() => undefined);
      if (error instanceof StoreUnavailableError) {
        return unavailable(req, res, form, body.fields[META_FIELDS.page], config.publicBaseUrl);
      }
      throw error;
    }
  });

  router.post(UPLOAD_PATH, limit, async (req: Request, res: Response) => {
    const leads = await options.leads();
    const client = uploadClientKey(req.ip);
    const quota = heldUntilAnswered(res, uploadQuota(config.forms, leads.store, client));
    let body: ReadBody;
    try {
      if (!req.is('multipart/form-data')) throw new BodyProblem(415);
      body = await readFormBody(req, res, {
        limits: config.forms,
        files: leads.files,
        fileField: () => UPLOAD_FIELD,
        quota,
      });
    } catch (error) {
      return problem(req, res, error);
    }
    if (body.files.length === 0) {
      return answerProblem(req, res, { status: 422, errors: { [UPLOAD_FIELD]: VALIDATION_MESSAGES.required } });
    }
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
    logger.info({ files: body.files.length, reqId: req.id }, 'files uploaded');
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json({ files: body.files.map(({ id, name, size, type }) => ({ id, name, size, type })) });
  });

  router.all([`${FORMS_API_PATH}/:form`, UPLOAD_PATH], (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ error: CLIENT_ERROR_TEXTS[405] });
  });
  // The database was unreachable before the handler knew the form's fields: in the rate limit's
  // count, or while the lazily opened store was being opened.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!(error instanceof StoreUnavailableError)) return next(error);
    const name = req.path.startsWith(`${FORMS_API_PATH}/`) ? req.path.slice(FORMS_API_PATH.length + 1) : '';
    unavailable(req, res, isFormName(name) ? name : undefined);
  });
  return router;
}

/**
 * 503 with Retry-After: the leads database is unreachable. Refused by design, so its access line
 * is a warning; the outage itself is logged once, when it starts (storeAvailability.ts).
 */
function unavailable(req: Request, res: Response, form?: FormName, pageField?: unknown, publicBaseUrl?: string): void {
  markExpectedRefusal(res);
  answerProblem(req, res, {
    status: 503,
    ...(form ? { form } : {}),
    ...(publicBaseUrl === undefined ? {} : { pageField, publicBaseUrl }),
  });
}

/**
 * A body that could not be read: answered before its fields (and so its `_page`) are known. A
 * client's spent upload budget (429) is held before it goes out (refusalHold.ts); the site's full
 * quota (507) is nobody's own doing and goes out at once.
 */
async function problem(req: Request, res: Response, error: unknown, form?: FormName): Promise<void> {
  if (error instanceof StoreUnavailableError) return unavailable(req, res, form);
  if (!(error instanceof BodyProblem)) throw error;
  if (error.status === 507 || error.status === 429) markExpectedRefusal(res);
  const answer = () => answerProblem(req, res, { status: error.status, errors: error.errors, ...(form ? { form } : {}) });
  if (error.status === 429) return sendHeld(res, answer);
  answer();
}

/**
 * A request's upload budget hold, given back when its answer is done whatever the way there: the
 * files' rows replaced it if they were kept (decision 039), else it would count until it expires.
 */
function heldUntilAnswered(res: Response, quota: UploadQuota): UploadQuota {
  res.once('close', () => void quota.release().catch(() => undefined));
  return quota;
}
