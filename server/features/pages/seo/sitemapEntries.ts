import { allArticles } from '../../../../shared/content/allArticles.ts';
import type { ContentApi, ServiceNode } from '../../../../shared/content/contentApi.ts';
import { ROUTES, type RouteEntry } from '../../../../shared/routes/table.ts';
import { href } from '../../../../shared/routes/links.ts';

export interface SitemapEntry {
  /** Site path with its trailing slash (§2). */
  readonly path: string;
  /** `YYYY-MM-DD`, when the content says when it last changed. */
  readonly lastmod?: string | undefined;
}

const isDate = (date: string | null | undefined): date is string => typeof date === 'string' && date !== '';

/** Pages listed per record below, not as table entries. */
const PARAMETERISED = /[:*]/;

/** Every page a crawler should find: the table's fixed routes (§2), then each content page, dated where the content is. */
export async function collectSitemapEntries(content: ContentApi): Promise<SitemapEntry[]> {
  const [services, industries, tags, articles, projects, authors, documents] = await Promise.all([
    content.services(),
    content.projectFilters(),
    content.articleFilters(),
    allArticles(content),
    content.projects(),
    content.authors(),
    content.documents(),
  ]);

  const articleDate = (article: (typeof articles)[number]) => article.updated ?? article.date;
  const newest = (dates: readonly (string | null | undefined)[]) => dates.filter(isDate).sort().at(-1);
  const blogDate = newest(articles.map(articleDate));
  const projectsDate = newest(projects.map((project) => project.date));

  const fixed: Record<string, string | undefined> = {
    [href('blog')]: blogDate,
    [href('projects')]: projectsDate,
    [href('documents')]: newest(documents.map((document) => document.updated)),
    [href('home')]: newest([blogDate, projectsDate]),
  };
  const entries: SitemapEntry[] = (ROUTES as readonly RouteEntry[])
    .filter((route) => !PARAMETERISED.test(route.path) && route.indexable !== false)
    .map((route) => ({ path: route.path, lastmod: fixed[route.path] }));

  for (const node of flattenServices(services)) entries.push({ path: href('service', { '*': node.path }) });
  for (const industry of industries) {
    entries.push({
      path: href('projects-industry', { slug: industry.slug }),
      lastmod: newest(projects.filter((project) => project.industry.slug === industry.slug).map((project) => project.date)),
    });
  }
  for (const tag of tags) {
    entries.push({
      path: href('blog-tag', { slug: tag.slug }),
      lastmod: newest(articles.filter((article) => article.tags.some((t) => t.slug === tag.slug)).map(articleDate)),
    });
  }
  for (const article of articles) entries.push({ path: href('article', { slug: article.slug }), lastmod: articleDate(article) });
  for (const project of projects) entries.push({ path: href('project', { slug: project.slug }), lastmod: project.date });
  for (const author of authors) {
    if (author.slug === null) continue; // §3: authors 9 and 10 have no page
    entries.push({
      path: href('blog-author', { id: author.slug }),
      lastmod: newest(articles.filter((article) => article.author.id === author.id).map(articleDate)),
    });
  }

  const seen = new Set<string>();
  return entries.filter((entry) => (seen.has(entry.path) ? false : (seen.add(entry.path), true)));
}

function flattenServices(nodes: readonly ServiceNode[]): ServiceNode[] {
  return nodes.flatMap((node) => [node, ...flattenServices(node.children)]);
}
