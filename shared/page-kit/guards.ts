import { data, redirect } from 'react-router';
import type { Article, ArticleFilter, Author, Project, ProjectFilter, Service } from '../content/contentApi.ts';
import { href } from '../routes/links.ts';
import type { LoaderContext } from './loaderContext.ts';
import { isAuthorId, isSlug, matchBlogTag, matchProjectFilter, servicePathOf } from '../content/slugs.ts';

/**
 * Guards the loaders of dynamic pages call first (§2, §5): each returns the record the URL names,
 * throws a one-hop 301 to its canonical URL, or throws the 404 of §2 ("An unknown slug gives not
 * found"). The server's routing chain applies the same redirects before a loader runs (so a
 * missing slash and a wrong case cost one hop, not two); the guards keep each page correct on
 * its own. Content outages arrive as 503 through `context.content`.
 */

/** §2 "An unmatched route shows a 404 page": the route error every guard throws. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** The query of the request, kept by a redirect (§2), without the data-request parameter. */
function searchOf(request: Request | undefined): string {
  return request === undefined ? '' : new URL(request.url).search;
}

/**
 * `/blog/{slug}/` (route `blog-tag`): §5 — compared case-insensitively with the tag list; a slug
 * whose case differs from the known one is a 301 "Moved to /blog/{slug}/"; unknown is a 404.
 */
export async function requireBlogTag(context: LoaderContext, slug: string | undefined, request?: Request): Promise<ArticleFilter> {
  return blogTagIn(await context.content.articleFilters(), slug, request) ?? notFound();
}

/**
 * The tag `slug` names among `tags` (throwing the 301 of a case mismatch), or `undefined` when
 * none does. A list that is not the whole tag list (the tags of some articles) cannot prove a
 * slug unknown: its caller decides what `undefined` means.
 */
export function blogTagIn(tags: readonly ArticleFilter[], slug: string | undefined, request?: Request): ArticleFilter | undefined {
  if (slug === undefined) notFound();
  const match = matchBlogTag(tags, slug);
  if (match.kind === 'found') return match.tag;
  if (match.kind === 'moved') throw redirect(href('blog-tag', { slug: match.tag.slug }) + searchOf(request), 301);
  return undefined;
}

/** `/projects/{slug}/` (route `projects-industry`): §5 — an exact project-filter slug, else 404. */
export async function requireProjectFilter(context: LoaderContext, slug: string | undefined): Promise<ProjectFilter> {
  if (slug === undefined || !isSlug(slug)) notFound();
  return matchProjectFilter(await context.content.projectFilters(), slug) ?? notFound();
}

/** `/services/{path}/` (route `service`, a catch-all over several segments): a page of the service tree, else 404. */
export async function requireService(context: LoaderContext, splat: string | undefined): Promise<Service> {
  const path = servicePathOf(splat);
  if (path === null) notFound();
  return (await context.content.service(path)) ?? notFound();
}

/** An author with a slug, and so with a page of its own (§3: not ids 9 and 10). */
export type AuthorWithPage = Author & { readonly slug: string };

/**
 * `/blog/author/{slug}/` (route `blog-author`): the page of an author who has a slug. Numeric
 * ids were redirected by the `redirect-author` route middleware already; one that reaches the
 * page has no author page (ids 9 and 10, or outside the map), so it is a 404 (§2, §3).
 */
export async function requireAuthor(context: LoaderContext, slug: string | undefined): Promise<AuthorWithPage> {
  if (slug === undefined || isAuthorId(slug) || !isSlug(slug)) notFound();
  const author = await context.content.author(slug);
  return author !== null && author.slug === slug ? { ...author, slug } : notFound();
}

/** `/material/blog/{slug}/` (route `article`). */
export async function requireArticle(context: LoaderContext, slug: string | undefined): Promise<Article> {
  if (slug === undefined || !isSlug(slug)) notFound();
  return (await context.content.article(slug)) ?? notFound();
}

/** `/material/projects/{slug}/` (route `project`). */
export async function requireProject(context: LoaderContext, slug: string | undefined): Promise<Project> {
  if (slug === undefined || !isSlug(slug)) notFound();
  return (await context.content.project(slug)) ?? notFound();
}
