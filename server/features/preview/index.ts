import type { Express } from 'express';
import { PREVIEW_PATH } from '../../../shared/routes/serverMounts.ts';
import { atPaths, enterOnly } from '../../platform/http/enterOnly.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { previewApi } from './previewApi.ts';

export { hasPreviewCookie } from './previewCookie.ts';
export { previewMode } from './previewMode.ts';

/** GET /api/preview and /api/preview/end: an editor's preview of unpublished content (decision 021). */
export function mountPreview(app: Express, options: { secret: string | undefined; publicBaseUrl: string; logger: Logger }): void {
  app.use(enterOnly(atPaths([PREVIEW_PATH]), previewApi(options)));
}
