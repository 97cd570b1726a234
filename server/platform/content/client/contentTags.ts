import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

// Cache tags (decision 027): what a response was built from, so a publish purges exactly its copies. A record is
// `<type>:<id>`, a collection its type; the reader records them in the request's scope (`withContentTags`).

/** Every response built from content also carries this tag: `{"all": true}` purges it. */
export const SITE_TAG = 'site';

/** A tag every purge target accepts (no spaces or commas, far under Fastly's and Cloudflare's limits), else a digest. */
const TAG_CHARACTERS = /^[\w.:/-]{1,200}$/;

export function contentTag(type: string, id?: string): string {
  const tag = id === undefined ? type : `${type}:${id}`;
  return TAG_CHARACTERS.test(tag) ? tag : `h:${createHash('sha256').update(tag).digest('base64url').slice(0, 22)}`;
}

/** The tag of a response whose routing looked up `path` among the redirects, purged when one from or to it changes (decision 036). */
export function redirectTag(path: string): string {
  return contentTag('redirects', path.endsWith('/') ? path : `${path}/`);
}

/** The tags of one JSON:API document, from the resources it carries (data and included). */
export function documentTags(body: unknown, kind: 'record' | 'collection'): string[] {
  const { data, included } = (body ?? {}) as { data?: unknown; included?: unknown };
  const resources: unknown[] = Array.isArray(data) ? [...(data as unknown[])] : data === null || data === undefined ? [] : [data];
  if (Array.isArray(included)) resources.push(...(included as unknown[]));
  const tags = new Set<string>();
  for (const resource of resources) {
    const { type, id } = (resource ?? {}) as { type?: unknown; id?: unknown };
    if (typeof type !== 'string') continue;
    // A list names its types only: a tag per item would outgrow the header limits on the sitemap.
    if (kind === 'collection' || typeof id !== 'string') tags.add(contentTag(type));
    else tags.add(contentTag(type, id));
  }
  return [...tags];
}

const scope = new AsyncLocalStorage<Set<string>>();

/** Runs `work` with a fresh set of tags that the content reads made inside it are recorded in. */
export function withContentTags<T>(work: () => T): { readonly result: T; readonly tags: ReadonlySet<string> } {
  const tags = new Set<string>();
  return { result: scope.run(tags, work), tags };
}

/** Records tags in the current scope, if any (a background refresh outside any request has none). */
export function recordContentTags(tags: Iterable<string>): void {
  const current = scope.getStore();
  if (current === undefined) return;
  for (const tag of tags) current.add(tag);
}

/** The current scope's tags (a response about to be written reads them). */
export function currentContentTags(): ReadonlySet<string> | undefined {
  return scope.getStore();
}
