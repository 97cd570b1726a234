import { matchRoutes } from 'react-router';
import { isPagePath } from '../../shared/routes/pagePaths.ts';
import { ROUTES } from '../../shared/routes/table.ts';
import type { RoutingRule } from './routingRule.ts';

const MATCHABLE = ROUTES.map(({ id, path }) => ({ id, path, caseSensitive: true }));
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

/** RFC 3986 §5.2.4 remove_dot_segments on an absolute path: `/blog/qq/../` → `/blog/`. */
function withoutDotSegments(path: string): string {
  const segments = path.split('/').slice(1);
  const kept: string[] = [];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') kept.pop();
      // A dot segment at the end leaves its directory: `/blog/qq/..` is `/blog/`.
      if (last) kept.push('');
      return;
    }
    kept.push(segment);
  });
  return `/${kept.join('/')}`;
}

/**
 * The canonical form of a page path, or the path itself when it names no page of the route
 * table. The site's paths are written in lower case (the route table, and §5's slugs are lower
 * case by their pattern), so a path whose letters are lowered matches its route. The slug of a
 * blog tag or an industry keeps its case, which §5's own rules decide: a known tag in another
 * case is "Moved to /blog/{slug}/" (`blogTagCase.ts`), an unknown one and an industry slug that
 * does not match exactly are not found. A form that would read as another host (`/..//host`)
 * is left to the 404 page.
 */
export function canonicalPathOf(path: string): string {
  const resolved = withoutDotSegments(normalisedCase(path, false));
  if (!isPagePath(resolved)) return resolved;
  const lowered = normalisedCase(resolved, true);
  // Already lower case (every link of the site): nothing to match, the route table is not walked.
  if (lowered === resolved) return resolved;
  const match = matchRoutes(MATCHABLE, lowered)?.at(-1);
  if (match === undefined) return resolved;
  if (!SLUG_CASE_OF_SPEC.has(match.route.id)) return lowered;
  const slugStart = lowered.indexOf('/', 1) + 1;
  return lowered.slice(0, slugStart) + resolved.slice(slugStart);
}

/**
 * One URL per page: a path that differs from its route's canonical form only by dot segments,
 * the letter case or needless percent-encoding (`/Blog/`, `/blog/qq/%2e%2e/`, `/%61bout/`) is
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
