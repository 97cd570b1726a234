import type { Express } from 'express';
import type { ContentApi } from '../../../shared/content/contentApi.ts';
import { enterOnly } from '../../platform/http/enterOnly.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { feedsEndpoint, isFeedRequest } from './feedsEndpoint.ts';

/** The blog's RSS, Atom and JSON feeds, all articles and per tag (files under /blog/, not pages; decision 020). */
export function mountFeeds(
  app: Express,
  options: { content: ContentApi; publicBaseUrl: string; logger: Logger; pageCacheControl: string },
): void {
  app.use(enterOnly(isFeedRequest, feedsEndpoint(options)));
}
