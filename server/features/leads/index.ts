import type { Express } from 'express';
import { FORMS_API_PATH, UPLOAD_PATH, VITALS_PATH } from '../../../shared/routes/serverMounts.ts';
import type { Config } from '../../platform/config/env.ts';
import { atPaths, enterOnly } from '../../platform/http/enterOnly.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { formsApi } from './forms/formsApi.ts';
import type { LeadCapture } from './leadCapture.ts';
import { vitalsEndpoint } from './vitals/vitalsEndpoint.ts';

export { formResultPages, hasFormResult } from './forms/formResults.ts';
export { startLeadCapture, type LeadCapture } from './leadCapture.ts';

export interface LeadsOptions {
  readonly config: Config;
  readonly logger: Logger;
  /** The leads store and outbox (server/index.ts opens them before listening). */
  readonly leads: () => Promise<LeadCapture>;
}

/** The lead forms and uploads, stored before answered (decision 008); and POST /api/vitals, real visitors' web vitals. */
export function mountLeads(app: Express, { config, logger, leads }: LeadsOptions): void {
  app.use(enterOnly(atPaths([FORMS_API_PATH, UPLOAD_PATH]), formsApi({ config, logger, leads })));
  app.use(enterOnly(atPaths([VITALS_PATH]), vitalsEndpoint({ config, leads, logger })));
}
