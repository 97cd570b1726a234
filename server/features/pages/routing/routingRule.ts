import type { Params } from 'react-router';
import type { ContentApi } from '../../../../shared/content/contentApi.ts';
import type { RedirectStatus } from '../../../platform/http/redirect.ts';
import type { Logger } from '../../../platform/logging/logger.ts';
import type { DerivedCaches } from '../../../platform/content/derivedCaches.ts';

/** What a rule looks at: the raw path, the query with its `?` (no data parameter), and a hash a rule may add. */
export interface RoutingTarget {
  readonly path: string;
  readonly search: string;
  readonly hash: string;
}

/** A rule's answer: send the visitor to `location` (a path with its query, or an absolute URL). */
export interface RuleRedirect {
  readonly location: string;
  readonly status: RedirectStatus;
  /** Only the per-path lookup may answer with another site (§2). */
  readonly offSite?: boolean;
}

/** One rule of §2: a redirect, or null to let the next rule (and the page) decide; never throws, null in an outage. */
export interface RoutingRule {
  readonly name: string;
  /** Followed by page requests only: a data request (`?_data=`) is answered as if the rule were absent (it is for the document). */
  readonly documentOnly?: boolean;
  apply(target: RoutingTarget): RuleRedirect | null | Promise<RuleRedirect | null>;
}

export function formatTarget(target: RoutingTarget): string {
  return target.path + target.search + target.hash;
}

/** Splits a same-site location (`/path?query#hash`) into a target. */
export function parseLocation(location: string): RoutingTarget {
  const hashIndex = location.indexOf('#');
  const beforeHash = hashIndex === -1 ? location : location.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : location.slice(hashIndex);
  const queryIndex = beforeHash.indexOf('?');
  return queryIndex === -1
    ? { path: beforeHash, search: '', hash }
    : { path: beforeHash.slice(0, queryIndex), search: beforeHash.slice(queryIndex), hash };
}

/** What the content-dependent rules need; built once in `createApp`. */
export interface RoutingDependencies {
  readonly content: ContentApi;
  readonly publicBaseUrl: string;
  readonly logger: Logger;
  /** How long content-derived lookups are reused (CONTENT_CACHE_TTL_MS); 60 s if absent. */
  readonly contentCacheTtlMs?: number | undefined;
  /** Where content-derived caches register to be emptied by a revalidation. */
  readonly derivedCaches?: DerivedCaches | undefined;
}

/** A named route middleware: runs only on the routes of the table that list its name. */
export type RouteMiddleware = (input: {
  readonly routeId: string;
  readonly params: Params;
  readonly target: RoutingTarget;
}) => RuleRedirect | null | Promise<RuleRedirect | null>;

export type RouteMiddlewareFactory = (deps: RoutingDependencies) => RouteMiddleware;
