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

/** `POST /api/forms/<form>` and `/api/upload`: limit → body → §5 rules → stored → 201; without the database 503 (decision 023). */
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

/** The database was unreachable before the handler knew the form (in the rate limit's count, or opening the store). */
function storeUnavailableBeforeHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (!(error instanceof StoreUnavailableError)) return next(error);
  const name = req.path.startsWith(`${FORMS_API_PATH}/`) ? req.path.slice(FORMS_API_PATH.length + 1) : '';
  unavailable(req, res, isFormName(name) ? name : undefined);
}
