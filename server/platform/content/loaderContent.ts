import { data } from 'react-router';
import type { ContentApi } from '../../../shared/content/contentApi.ts';
import { ContentError } from './client/errors.ts';

/** `context.content` for loaders: a content failure becomes the 503 route error a loader would throw (§8), no try/catch needed. */
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
