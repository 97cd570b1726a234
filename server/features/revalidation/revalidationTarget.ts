import { array, literal, object, pattern, refine, size, string, union, validate, type Infer } from 'superstruct';
import { contentTag } from '../../platform/content/client/contentTags.ts';
import { isPlainPath } from '../../platform/http/plainPath.ts';

/** At most this many paths in one request (a CMS publishing one document sends a handful). */
export const MAX_PATHS = 100;

/** A path of this site as a CMS sends it: absolute, no host, query or fragment, printable ASCII. */
const SitePath = refine(
  size(string(), 1, 512),
  'SitePath',
  (value) => (isPlainPath(value) && !value.startsWith('//')) || 'a path of this site, e.g. /blog/',
);

/** A cache tag as responses carry it (`server/platform/content/client/contentTags.ts`). */
const Tag = pattern(size(string(), 1, 200), /^[\w.:/-]+$/);

/** What is revalidated, in every process and every purge target: site paths, cache tags or everything. */
export const RevalidationTarget = union([
  object({ paths: size(array(SitePath), 1, MAX_PATHS) }),
  object({ tags: size(array(Tag), 1, MAX_PATHS) }),
  object({ all: literal(true) }),
]);
export type RevalidationTarget = Infer<typeof RevalidationTarget>;

export function parseRevalidationTarget(value: unknown): RevalidationTarget | undefined {
  const [error, target] = validate(value, RevalidationTarget);
  return error === undefined ? target : undefined;
}

/** A JSON:API type or id as a CMS sends them (Drupal's `node--article`, a UUID, a slug, a service path) has a tag's shape. */
const ResourceIdentifier = object({ type: Tag, id: Tag });

/** A CMS's publish event: `{"data": {"type", "id", …}}` or an array of them; other members ignored. */
const PublishEvent = object({ data: union([ResourceIdentifier, size(array(ResourceIdentifier), 1, MAX_PATHS / 2)]) });

/** A published record's tags: its own and its type's (decision 027). */
export function publishEventTags(resources: readonly { readonly type: string; readonly id: string }[]): string[] {
  return [...new Set(resources.flatMap(({ type, id }) => [contentTag(type, id), contentTag(type)]))];
}

/** The body of POST /api/revalidate: a target as it is, or a publish event's records (their tags are its target). */
export type RevalidationRequest =
  | { readonly target: RevalidationTarget; readonly records?: undefined }
  | { readonly target?: undefined; readonly records: readonly { readonly type: string; readonly id: string }[] };

export function parseRevalidationRequest(value: unknown): RevalidationRequest | undefined {
  const target = parseRevalidationTarget(value);
  if (target !== undefined) return { target };
  if (typeof value !== 'object' || value === null || !('data' in value)) return undefined;
  const data = value.data;
  const trimmed = Array.isArray(data) ? data.map(identifierOf) : identifierOf(data);
  const [error, event] = validate({ data: trimmed }, PublishEvent);
  if (error !== undefined) return undefined;
  return { records: Array.isArray(event.data) ? event.data : [event.data] };
}

/** A resource object less its attributes and relationships, which a publish event may carry but nobody reads. */
function identifierOf(resource: unknown): unknown {
  if (typeof resource !== 'object' || resource === null) return resource;
  const { type, id } = resource as { type?: unknown; id?: unknown };
  return { type, id };
}

/** The cache keys a path stands for: with and without its trailing slash (`/blog` → `/blog/`). */
export function pathVariants(paths: readonly string[]): string[] {
  return [...new Set(paths.flatMap((path) => (path.length > 1 ? [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`] : [path])))];
}
