import { Router, type NextFunction, type Request, type Response } from 'express';
import { FORMS_API_PATH, UPLOAD_PATH } from '../../../../shared/routes/serverMounts.ts';
import { CLIENT_ERROR_TEXTS } from '../../../platform/http/clientErrorTexts.ts';
import { StoreUnavailableError } from '../storeAvailability.ts';
import type { FormsApiOptions } from './submission.ts';
import { formsRateLimit } from './rateLimit.ts';
import { sharedRateLimitStore } from './rateLimitStore.ts';
import { receiveUploads } from './receiveUploads.ts';
import { unavailable } from './refusals.ts';
import { isFormName, submitForm } from './submitForm.ts';

export { UPLOAD_FIELD } from './receiveUploads.ts';

/**
 * `POST /api/forms/{request|subscribe|referral|internship}` and `POST /api/upload` (§7 leaves
 * the endpoints open; these are ours). Order: rate limit → read the body (files streamed to disk) →
 * validate with the §5 rules → store durably (a post that looks automated marked as suspected spam:
 * delivered marked, or — the honeypot filled — sent nowhere; decision 039) → answer 201. Never logs a field.
 * While the leads database is unreachable, any step that needs it answers 503 with Retry-After
 * (decision 023): nothing was stored, and the site's script sends the form again by itself.
 */
export function formsApi(options: FormsApiOptions): Router {
  const router = Router();
  const limit = formsRateLimit(options.config.forms, sharedRateLimitStore(options.config, options.leads, 'forms:'));
  router.post(`${FORMS_API_PATH}/:form`, limit, submitForm(options));
  router.post(UPLOAD_PATH, limit, receiveUploads(options));
  router.all([`${FORMS_API_PATH}/:form`, UPLOAD_PATH], onlyPost);
  router.use(storeUnavailableBeforeHandler);
  return router;
}

function onlyPost(_req: Request, res: Response): void {
  res.setHeader('Allow', 'POST');
  res.status(405).json({ error: CLIENT_ERROR_TEXTS[405] });
}

/**
 * The database was unreachable before the handler knew the form's fields: in the rate limit's
 * count, or while the lazily opened store was being opened.
 */
function storeUnavailableBeforeHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (!(error instanceof StoreUnavailableError)) return next(error);
  const name = req.path.startsWith(`${FORMS_API_PATH}/`) ? req.path.slice(FORMS_API_PATH.length + 1) : '';
  unavailable(req, res, isFormName(name) ? name : undefined);
}
