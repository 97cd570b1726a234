import type { ComponentType } from 'react';
import type { Agency } from '../content/contentApi.ts';
import type { Params } from 'react-router';
import type { FeedLink } from '../seo/feeds.ts';
import type { JsonLdFactory } from '../seo/jsonLd.ts';
import type { LoaderContext } from './loaderContext.ts';
import type { Crumb } from '../routes/trail.ts';

/** What a page shows in `<head>`; canonical is derived from the path, never from the page. */
export interface PageMeta {
  readonly title: string;
  readonly description?: string;
  /** Share card picture: a `public/` path (`/images/articles/x.png`) or an IMAGE_DOMAINS URL; default: the site card. */
  readonly image?: string;
  /** Open Graph type: `article` for posts and case studies, `profile` for authors, else `website`. */
  readonly type?: 'website' | 'article' | 'profile';
  /** The trail the page shows (its loader's, `shared/routes/trail.ts`); rendered as a JSON-LD `BreadcrumbList`. */
  readonly breadcrumbs?: readonly Crumb[];
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

/** A page is `shared/pages/<page>/`: `view.tsx`, `meta.ts` and the server-only `loader.ts` (client/loadPage.ts). */
export interface PageModule<Data = unknown> {
  /** In the browser a part whose `preload()` fetches the body (build/clientPageModules.ts). */
  readonly default: ComponentType & { readonly preload?: () => Promise<unknown> };
  readonly loader: (args: PageLoaderArgs) => Promise<Data> | Data;
  readonly meta: PageMetaFunction<Data>;
}

/** A page's head from its data, its path and the root data's agency (for the pages about the agency). */
export type PageMetaFunction<Data = unknown> = (data: Data, pathname: string, agency: Agency | undefined) => PageMeta;

/** Route `handle`: what the document head reads from the deepest match. */
export interface RouteHandle {
  readonly meta?: PageMetaFunction;
}
