import { loadSeed, type SeedContent } from '../../server/platform/content/service/loadSeed.ts';

/** One URL standing for a kind of page of §2, with the status it must answer. */
export interface PageType {
  /** What kind of page this is, in plain words ("a service page", "an article"…). */
  readonly name: string;
  readonly path: string;
  readonly status: 200 | 404;
}

/**
 * Every page type of the site with a real URL taken from the seed content, so the budget
 * tests, the soak and the Lighthouse audit measure pages that exist whatever the editors
 * rename, instead of guessed slugs. Paths carry the trailing slash the site serves (§2).
 */
export function pageTypes(seed: SeedContent = loadSeed()): PageType[] {
  const first = <T>(items: readonly T[], what: string): T => {
    const item = items[0];
    if (item === undefined) throw new Error(`The seed content has no ${what}`);
    return item;
  };
  // A leaf service page (`razrabotka/razrabotka-saytov`) is the common kind; a top level one
  // only when the seed has no nested service.
  const service = seed.services.find((entry) => entry.path.includes('/')) ?? first(seed.services, 'service');
  const article = first(
    seed.articles.filter((entry) => !entry.draft),
    'article',
  );
  const author =
    seed.authors.find((entry) => entry.id === article.authorId && entry.slug !== null) ??
    first(
      seed.authors.filter((entry) => entry.slug !== null),
      'author with a page',
    );

  return [
    { name: 'home', path: '/', status: 200 },
    { name: 'about', path: '/about/', status: 200 },
    { name: 'services', path: '/services/', status: 200 },
    { name: 'a service page', path: `/services/${service.path}/`, status: 200 },
    { name: 'projects', path: '/projects/', status: 200 },
    { name: 'an industry', path: `/projects/${first(seed.projectFilters, 'project filter').slug}/`, status: 200 },
    { name: 'a project', path: `/material/projects/${first(seed.projects, 'project').slug}/`, status: 200 },
    { name: 'blog', path: '/blog/', status: 200 },
    { name: 'a tag', path: `/blog/${first(seed.articleFilters, 'blog tag').slug}/`, status: 200 },
    { name: 'an author', path: `/blog/author/${author.slug ?? ''}/`, status: 200 },
    { name: 'an article', path: `/material/blog/${article.slug}/`, status: 200 },
    { name: 'career', path: '/career/', status: 200 },
    { name: 'contacts', path: '/contacts/', status: 200 },
    { name: 'documents', path: '/documents/', status: 200 },
    { name: 'referral', path: '/referral/', status: 200 },
    { name: 'request', path: '/request/', status: 200 },
    { name: 'subscribe', path: '/subscribe/', status: 200 },
    { name: 'success/request', path: '/success/request/', status: 200 },
    { name: 'sitemap', path: '/sitemap/', status: 200 },
    { name: '404', path: '/stranitsa-kotoroy-net/', status: 404 },
  ];
}

/** The page type of the given name; throws when the list above has no such name. */
export function pageType(name: string, types: readonly PageType[] = pageTypes()): PageType {
  const found = types.find((type) => type.name === name);
  if (found === undefined) throw new Error(`No page type "${name}"`);
  return found;
}
