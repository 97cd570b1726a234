import { allArticles } from '../../content/allArticles.ts';
import type { ContentApi, PageName, ServiceNode } from '../../content/contentApi.ts';

/** One entry of the sitemap page: a link and the pages under it. */
export interface SitemapNode {
  readonly title: string;
  readonly to: string;
  readonly children: readonly SitemapNode[];
}

export interface SitemapSectionTitles {
  readonly main: string;
  readonly services: string;
  readonly projects: string;
  readonly blog: string;
  readonly career: string;
  readonly documents: string;
}

/** Static pages of §2 listed under «Основные разделы», in the order of the site's navigation. */
const MAIN_PAGES: readonly (readonly [PageName, string])[] = [
  ['home', '/'], ['about', '/about/'], ['services', '/services/'], ['projects', '/projects/'], ['blog', '/blog/'],
  ['career', '/career/'], ['contacts', '/contacts/'], ['referral', '/referral/'], ['subscribe', '/subscribe/'],
  ['request', '/request/'], ['documents', '/documents/'], ['sitemap', '/sitemap/'],
];

const leaf = (title: string, to: string): SitemapNode => ({ title, to, children: [] });

function serviceNodes(nodes: readonly ServiceNode[]): SitemapNode[] {
  return nodes.map((node) => ({ title: node.title, to: `/services/${node.path}/`, children: serviceNodes(node.children) }));
}

/**
 * Every page of the site as a tree (§2 /sitemap): the static pages, the service tree, the
 * portfolio by industry with its case studies, the blog by tag and by author, vacancies and
 * legal documents. Titles are the content service's own.
 */
export async function buildSitemap(content: ContentApi, titles: SitemapSectionTitles): Promise<readonly SitemapNode[]> {
  const [pages, services, industries, projects, tags, articles, authors, vacancies, documents] = await Promise.all([
    Promise.all(MAIN_PAGES.map(async ([name, to]) => ({ page: await content.page(name), to }))),
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
    {
      title: titles.main,
      to: '/',
      children: pages.flatMap(({ page, to }) => (page ? [leaf(page.title, to)] : [])),
    },
    { title: titles.services, to: '/services/', children: serviceNodes(services) },
    {
      title: titles.projects,
      to: '/projects/',
      children: industries.map((industry) => ({
        title: industry.title,
        to: `/projects/${industry.slug}/`,
        children: projects
          .filter((project) => project.industry.slug === industry.slug)
          .map((project) => leaf(project.title, `/material/projects/${project.slug}/`)),
      })),
    },
    {
      title: titles.blog,
      to: '/blog/',
      children: [
        ...tags.map((tag) => ({
          title: tag.title,
          to: `/blog/${tag.slug}/`,
          children: articles
            .filter((article) => article.tags[0]?.slug === tag.slug)
            .map((article) => leaf(article.title, `/material/blog/${article.slug}/`)),
        })),
        ...authors
          .filter((author) => author.slug !== null && authorsWithArticles.has(author.id))
          .map((author) => leaf(author.name, `/blog/author/${author.slug}/`)),
      ],
    },
    {
      title: titles.career,
      to: '/career/',
      children: vacancies.map((vacancy) =>
        leaf(vacancy.title, vacancy.employment === 'internship' ? '/career/#internship' : `/career/#vacancy-${vacancy.slug}`)),
    },
    {
      title: titles.documents,
      to: '/documents/',
      children: documents.map((document) => leaf(document.title, `/documents/#${document.slug}`)),
    },
  ];
}
