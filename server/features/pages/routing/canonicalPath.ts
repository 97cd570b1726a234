import { isPagePath } from '../../../../shared/routes/pagePaths.ts';
import { matchRoute } from '../../../platform/http/routeMatch.ts';
import type { RoutingRule } from './routingRule.ts';

/** Routes whose slug §5 compares itself: a blog tag case-insensitively (then a 301), an industry exactly (else 404). */
const SLUG_CASE_OF_SPEC: ReadonlySet<string> = new Set(['blog-tag', 'projects-industry']);

/** `%2e`, `%7E`…: an escape of a character that needs none (RFC 3986 §2.3), or any other escape. */
const ESCAPE_OR_UPPER = /%[\dA-F]{2}|[A-Z]+/gi;
const UNRESERVED = /^[\w.~-]$/;

/**
 * RFC 3986 §6.2.2 normalisation of the path a visitor sent: escapes of unreserved characters
 * decoded (`/%61bout/` is `/about/`), other escapes in upper case, letters outside escapes in
 * lower case. Only ASCII letters change; everything else stays as sent.
 */
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

/**
 * The path a browser (and `new URL`, which react-router reads the request with) resolves: a
 * backslash is a slash, dot segments go, `%2e` included (`/x\..\about/` is `/about/`), and what
 * a browser would escape is escaped. A raw `#` is no fragment in a request target: kept, escaped.
 */
function resolvedAsBrowsersDo(path: string): string {
  return new URL(PARSE_ORIGIN + path.replaceAll('#', '%23')).pathname;
}

/** Empty segments name nothing on this site: `/about//` and `/services//razrabotka/` are the page without them. */
const EMPTY_SEGMENTS = /\/{2,}/g;

/**
 * A path every link of the site has: lower-case segments of unreserved characters, none empty,
 * none a dot segment. Its canonical form is itself, decided without parsing; one character class
 * per segment, separated by `/`: linear time (docs/decisions/013).
 */
const PLAIN_LOWER = /^(?:\/[\d_a-z~-][\d_a-z.~-]*)*\/?$/;

/**
 * The canonical form of a path: resolved as a browser resolves it (backslashes, dot segments),
 * without empty segments, needless escapes decoded and the others in upper case — and, when it
 * then names a page of the route table, in lower case. The site's paths are written in lower
 * case (the route table, and §5's slugs are lower case by their pattern), so a path whose
 * letters are lowered matches its route. The slug of a blog tag or an industry keeps its case,
 * which §5's own rules decide: a known tag in another case is "Moved to /blog/{slug}/"
 * (`blogTagCase.ts`), an unknown one and an industry slug that does not match exactly are not
 * found. A path that resolves to `//…` names no page; `pathSafety.ts` answers it with the 404.
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

/**
 * One URL per page: a path that differs from its route's canonical form only by dot segments,
 * backslashes, empty segments, the letter case or needless percent-encoding (`/Blog/`,
 * `/blog/qq/%2e%2e/`, `/x\..\about/`, `/about//`, `/%61bout/`) is
 * sent to that form, its query kept, before any render — never a duplicate page for search
 * engines nor an entry of its own in the page cache (docs/decisions/018-…). First in the chain,
 * so with the rules after it the visitor still gets one hop (decision 006).
 */
export function canonicalPath(): RoutingRule {
  return {
    name: 'canonicalPath',
    apply({ path, search }) {
      const canonical = canonicalPathOf(path);
      return canonical === path || /^\/[/\\]/.test(canonical) ? null : { location: canonical + search, status: 301 };
    },
  };
}
