import { data, redirect } from 'react-router';
import type { Article, ArticleFilter, Author, Project, ProjectFilter, Service } from '../content/contentApi.ts';
import { href } from '../routes/links.ts';
import type { LoaderContext } from './loaderContext.ts';
import { isAuthorId, isSlug, matchBlogTag, matchProjectFilter, servicePathOf } from '../content/slugs.ts';

// Guards the dynamic pages' loaders call first (§2, §5): the record, a one-hop 301, or the 404.

/** §2 "An unmatched route shows a 404 page": the route error every guard throws. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** The query of the request, kept by a redirect (§2), without the data-request parameter. */
function searchOf(request: Request | undefined): string {
  return request === undefined ? '' : new URL(request.url).search;
}

/**
 * `/blog/{slug}/`, §5: the tag `slug` names among `tags` case-insensitively (a 301 for another
 * case), or `undefined`: a partial list cannot prove a slug unknown, so the caller decides.
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

/** `/blog/author/{slug}/`: numeric ids were redirected already; one that reaches here has no page (§2, §3). */
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
