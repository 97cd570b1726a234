import type { Author, ContentApi } from '../../shared/content/contentApi.ts';
import { ContentUnavailableError } from '../../server/platform/content/client/errors.ts';

export interface FakeContentData {
  readonly tags?: readonly { slug: string; title: string }[];
  readonly authors?: readonly Pick<Author, 'id' | 'slug'>[];
  readonly redirects?: Readonly<Record<string, string>>;
  /** Every call fails as an outage. */
  readonly down?: boolean;
}

/**
 * A ContentApi for unit tests of the routing rules: only what the rules read, each call
 * recorded. Anything else fails as "content unavailable", so a rule that starts reading more
 * content than it should shows up in its test.
 */
export function fakeContent(data: FakeContentData = {}): ContentApi & { readonly calls: string[] } {
  const calls: string[] = [];
  const outage = (endpoint: string) => new ContentUnavailableError(endpoint, 'fake content is down');
  const api = {
    calls,
    async articleFilters() {
      calls.push('articleFilters');
      if (data.down) throw outage('article-filters');
      return data.tags ?? [];
    },
    async author(idOrSlug: number | string) {
      calls.push(`author:${idOrSlug}`);
      if (data.down) throw outage('authors');
      const found = (data.authors ?? []).find((author) => author.id === idOrSlug || author.slug === idOrSlug);
      return found === undefined ? null : { name: '', position: '', bio: '', ...found };
    },
    async redirectFor(path: string) {
      calls.push(`redirectFor:${path}`);
      if (data.down) throw outage('redirects');
      return data.redirects?.[path] ?? null;
    },
  };
  return new Proxy(api, {
    get(target, property, receiver) {
      if (property in target) return Reflect.get(target, property, receiver);
      return async () => {
        throw outage(String(property));
      };
    },
  }) as unknown as ContentApi & { readonly calls: string[] };
}
