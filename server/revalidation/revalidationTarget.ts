import { array, literal, object, refine, size, string, union, validate, type Infer } from 'superstruct';
import { isPlainPath } from '../http/plainPath.ts';

/** At most this many paths in one request (a CMS publishing one document sends a handful). */
export const MAX_PATHS = 100;

/**
 * A path of this site as a CMS sends it: absolute, no scheme or host (`//host` is refused), no
 * query or fragment, printable ASCII only (the site's paths are Latin slugs; anything else
 * arrives percent-encoded).
 */
const SitePath = refine(
  size(string(), 1, 512),
  'SitePath',
  (value) => (isPlainPath(value) && !value.startsWith('//')) || 'a path of this site, e.g. /blog/',
);

/** `{"paths": ["/blog/", …]}` or `{"all": true}`: the body of POST /api/revalidate. */
export const RevalidationTarget = union([object({ paths: size(array(SitePath), 1, MAX_PATHS) }), object({ all: literal(true) })]);
export type RevalidationTarget = Infer<typeof RevalidationTarget>;

export function parseRevalidationTarget(value: unknown): RevalidationTarget | undefined {
  const [error, target] = validate(value, RevalidationTarget);
  return error === undefined ? target : undefined;
}

/** The cache keys a path stands for: with and without its trailing slash (`/blog` → `/blog/`). */
export function pathVariants(paths: readonly string[]): string[] {
  return [...new Set(paths.flatMap((path) => (path.length > 1 ? [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`] : [path])))];
}
