import type { ComponentType } from 'react';
import type { Agency } from '../content/contentApi.ts';
import type { Params } from 'react-router';
import type { Breadcrumb } from '../seo/breadcrumbs.ts';
import type { FeedLink } from '../seo/feeds.ts';
import type { JsonLdFactory } from '../seo/jsonLd.ts';
import type { LoaderContext } from './loaderContext.ts';

/** What a page shows in `<head>`; canonical is derived from the path, never from the page. */
export interface PageMeta {
  readonly title: string;
  readonly description?: string;
  /** Share card picture: a `public/` path (`/images/articles/x.png`) or an IMAGE_DOMAINS URL; default: the site card. */
  readonly image?: string;
  /** Open Graph type: `article` for posts and case studies, `profile` for authors, else `website`. */
  readonly type?: 'website' | 'article' | 'profile';
  /** Home → … → this page; rendered as a JSON-LD `BreadcrumbList` (`shared/seo/breadcrumbs.ts`). */
  readonly breadcrumbs?: readonly Breadcrumb[];
  /** Structured data of the page (`shared/seo/*`: article, job postings, organization). */
  readonly jsonLd?: readonly JsonLdFactory[];
  /** Feeds the page announces with `<link rel="alternate">` (the blog's: `shared/seo/feeds.ts`). */
  readonly feeds?: readonly FeedLink[];
}

export interface PageLoaderArgs {
  readonly params: Params;
  readonly request: Request;
  readonly context: LoaderContext;
}

/**
 * The contract of `shared/pages/<page>/route.tsx`: default-exported component, optional loader
 * (runs only on the server: the browser gets its result through the data endpoint) and meta.
 */
export interface PageModule<Data = unknown> {
  /**
   * In the browser, a part whose `preload()` fetches the page's body (build/clientPageModules.ts);
   * on the server, the component itself.
   */
  readonly default: ComponentType & { readonly preload?: () => Promise<unknown> };
  readonly loader?: (args: PageLoaderArgs) => Promise<Data> | Data;
  readonly meta?: PageMetaFunction<Data>;
}

/**
 * A page's head from its data, its path and the agency (the root data's, when it loaded): the
 * pages about the agency itself describe it in their structured data.
 */
export type PageMetaFunction<Data = unknown> = (data: Data, pathname: string, agency: Agency | undefined) => PageMeta;

/** Route `handle`: what the document head reads from the deepest match. */
export interface RouteHandle {
  readonly meta?: PageMetaFunction;
}

// One lazily loaded chunk per page: esbuild turns this glob import into a chunk for every
// `shared/pages/*/route.tsx`, and the build manifest maps page names to those chunks.
export function loadPage(page: string): Promise<PageModule> {
  return import(`../pages/${page}/route.tsx`) as Promise<PageModule>;
}
