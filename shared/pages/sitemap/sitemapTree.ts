import { allArticles } from '../../content/allArticles.ts';
import type { ContentApi, PageName, ServiceNode } from '../../content/contentApi.ts';
import { ANCHORS, vacancyAnchor } from '../../browser/anchors.ts';
import { href } from '../../routes/links.ts';
import type { RouteId } from '../../routes/table.ts';

/** One entry of the sitemap page: a link and the pages under it. */
export interface SitemapNode {
  readonly title: string;
  readonly to: string;
  readonly children: readonly SitemapNode[];
}

export type SitemapSectionTitles = Readonly<Record<'main' | 'services' | 'projects' | 'blog' | 'career' | 'documents', string>>;

/** Static pages of §2 under «Основные разделы», in navigation order. */
const MAIN_PAGES = [
  'home',
  'about',
  'services',
  'projects',
  'blog',
  'career',
  'contacts',
  'referral',
  'subscribe',
  'request',
  'documents',
  'sitemap',
] as const satisfies readonly (PageName & RouteId)[];

const leaf = (title: string, to: string): SitemapNode => ({ title, to, children: [] });

function serviceNodes(nodes: readonly ServiceNode[]): SitemapNode[] {
  return nodes.map((node) => ({ title: node.title, to: href('service', { '*': node.path }), children: serviceNodes(node.children) }));
}

/** Every page of the site as a tree (§2 /sitemap), titled by the content service. */
export async function buildSitemap(content: ContentApi, titles: SitemapSectionTitles): Promise<readonly SitemapNode[]> {
  const [pages, services, industries, projects, tags, articles, authors, vacancies, documents] = await Promise.all([
    Promise.all(MAIN_PAGES.map(async (name) => ({ page: await content.page(name), to: href(name) }))),
    content.services(),
    content.projectFilters(),
    content.projects(),
    content.articleFilters(),
    allArticles(content),
    content.authors(),
    content.vacancies(),
    content.documents(),
  ]);
  const authorsWithArticles = new Set(articles.map((article) => article.author.id));
  return [
    { title: titles.main, to: href('home'), children: pages.flatMap(({ page, to }) => (page ? [leaf(page.title, to)] : [])) },
    { title: titles.services, to: href('services'), children: serviceNodes(services) },
    {
      title: titles.projects,
      to: href('projects'),
      children: industries.map((industry) => ({
        title: industry.title,
        to: href('projects-industry', { slug: industry.slug }),
        children: projects
          .filter((project) => project.industry.slug === industry.slug)
          .map((project) => leaf(project.title, href('project', { slug: project.slug }))),
      })),
    },
    {
      title: titles.blog,
      to: href('blog'),
      children: [
        ...tags.map((tag) => ({
          title: tag.title,
          to: href('blog-tag', { slug: tag.slug }),
          children: articles
            .filter((article) => article.tags[0]?.slug === tag.slug)
            .map((article) => leaf(article.title, href('article', { slug: article.slug }))),
        })),
        ...authors.flatMap((author) =>
          author.slug !== null && authorsWithArticles.has(author.id) ? [leaf(author.name, href('blog-author', { id: author.slug }))] : [],
        ),
      ],
    },
    {
      title: titles.career,
      to: href('career'),
      children: vacancies.map((vacancy) =>
        leaf(
          vacancy.title,
          href('career', {}, { hash: vacancy.employment === 'internship' ? ANCHORS.internship : vacancyAnchor(vacancy.slug) }),
        ),
      ),
    },
    {
      title: titles.documents,
      to: href('documents'),
      children: documents.map((document) => leaf(document.title, href('documents', {}, { hash: document.slug }))),
    },
  ];
}
