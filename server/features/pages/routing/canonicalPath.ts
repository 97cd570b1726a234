import { isPagePath } from '../../../../shared/routes/pagePaths.ts';
import { matchRoute } from '../../../platform/http/routeMatch.ts';
import type { RoutingRule } from './routingRule.ts';

/** Routes whose slug §5 compares itself: a blog tag case-insensitively (then a 301), an industry exactly (else 404). */
const SLUG_CASE_OF_SPEC: ReadonlySet<string> = new Set(['blog-tag', 'projects-industry']);

/** `%2e`, `%7E`…: an escape of a character that needs none (RFC 3986 §2.3), or any other escape. */
const ESCAPE_OR_UPPER = /%[\dA-F]{2}|[A-Z]+/gi;
const UNRESERVED = /^[\w.~-]$/;

/** RFC 3986 §6.2.2: escapes of unreserved characters decoded (`/%61bout/`), others upper case, letters optionally lowered. */
function normalisedCase(path: string, lowerLetters: boolean): string {
  return path.replace(ESCAPE_OR_UPPER, (part) => {
    if (!part.startsWith('%')) return lowerLetters ? part.toLowerCase() : part;
    const character = String.fromCharCode(Number.parseInt(part.slice(1), 16));
    if (!UNRESERVED.test(character)) return part.toUpperCase();
    return lowerLetters ? character.toLowerCase() : character;
  });
}

/** Any origin: prefixed to the path so that nothing in it can be read as a host (`//x`, `/\\x`). */
const PARSE_ORIGIN = 'http://path.invalid';

/** The path a browser (and react-router's `new URL`) resolves: backslashes, dot segments, `%2e`; a raw `#` kept, escaped. */
function resolvedAsBrowsersDo(path: string): string {
  return new URL(PARSE_ORIGIN + path.replaceAll('#', '%23')).pathname;
}

/** Empty segments name nothing on this site: `/about//` and `/services//razrabotka/` are the page without them. */
const EMPTY_SEGMENTS = /\/{2,}/g;

/** A path as every link of the site has it: canonical without parsing (one class per segment: linear, decision 013). */
const PLAIN_LOWER = /^(?:\/[\d_a-z~-][\d_a-z.~-]*)*\/?$/;

/**
 * The canonical form of a path: resolved as a browser does, without empty segments, escapes normalised, and lower
 * case when it then names a page. A blog tag's or industry's slug keeps its case for §5's own rules (`blogTagCase.ts`).
 * A path resolving to `//…` names no page (`pathSafety.ts` answers the 404).
 */
export function canonicalPathOf(path: string): string {
  if (PLAIN_LOWER.test(path)) return path;
  const parsed = resolvedAsBrowsersDo(path);
  // `/x/..//host` resolves to `//host`: no page, and no form of it may become a Location.
  if (parsed.startsWith('//')) return parsed;
  const resolved = normalisedCase(parsed.replace(EMPTY_SEGMENTS, '/'), false);
  if (!isPagePath(resolved)) return resolved;
  const lowered = normalisedCase(resolved, true);
  // Already lower case (every link of the site): nothing to match, the route table is not walked.
  if (lowered === resolved) return resolved;
  const match = matchRoute(lowered);
  if (match === undefined) return resolved;
  if (!SLUG_CASE_OF_SPEC.has(match.route.id)) return lowered;
  const slugStart = lowered.indexOf('/', 1) + 1;
  return lowered.slice(0, slugStart) + resolved.slice(slugStart);
}

/** Whether the path is its own canonical form: the only form a page is rendered from and cached under. */
export function isCanonicalPath(path: string): boolean {
  return canonicalPathOf(path) === path && !path.startsWith('//');
}

/** One URL per page (decision 018): `/Blog/`, `/about//`, `/%61bout/` get a 301 to the canonical form, query kept; first rule. */
export function canonicalPath(): RoutingRule {
  return {
    name: 'canonicalPath',
    apply({ path, search }) {
      const canonical = canonicalPathOf(path);
      return canonical === path || /^\/[/\\]/.test(canonical) ? null : { location: canonical + search, status: 301 };
    },
  };
}
