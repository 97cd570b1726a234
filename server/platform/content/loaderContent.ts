import { data } from 'react-router';
import type { ContentApi } from '../../../shared/content/contentApi.ts';
import { ContentError } from './client/errors.ts';

/**
 * The `ContentApi` that loaders get as `context.content`: the same calls, with a content
 * failure turned into the route error response a loader would throw itself
 * (`data(null, { status: 503 })`), so a page whose own content is missing and not cached shows
 * «Ошибка приложения» with Retry-After (§8) instead of a crash, and no loader needs a try/catch.
 */
export function loaderContent(content: ContentApi): ContentApi {
  return new Proxy(content, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          if (error instanceof ContentError) throw data(null, { status: 503, statusText: 'Content unavailable' });
          throw error;
        }
      };
    },
  });
}
