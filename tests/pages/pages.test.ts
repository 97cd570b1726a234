import request from 'supertest';
import { beforeAll, expect, test } from 'vitest';
import { ContentUnavailableError } from '../../server/platform/content/client/errors.ts';
import { loadSeed } from '../../server/platform/content/service/loadSeed.ts';
import { formatArticleDate } from '../../shared/format/russianDates.ts';
import { ROUTES, type RouteEntry } from '../../shared/routes/table.ts';
import { PROJECTS_BY_INDUSTRY } from '../../shared/pages/projects/view.tsx';
import { createTestApp } from '../support/testApp.ts';
import { articleLinks, h1s, jsonLdOfType, linksIn, metaContent, titleOf } from './html.ts';

const loaded = loadSeed();
/** What visitors see: the seed without its unpublished articles (decision 021). */
const seed = { ...loaded, articles: loaded.articles.filter((article) => !article.draft) };
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
beforeAll(async () => {
  ({ app } = await createTestApp());
});

function page(name: string) {
  const found = seed.pages.find((entry) => entry.slug === name);
  if (found === undefined) throw new Error(`no seed page ${name}`);
  return found as { title: string; description: string; blocks: Record<string, Record<string, unknown>> };
}

async function get(path: string) {
  const response = await request(app).get(path);
  return { status: response.status, html: response.text };
}

/** Each page type of §2: its URL, and the h1, title and description the content service gives it. */
function pageCases() {
  const service = seed.services.find((entry) => entry.path === 'razrabotka/razrabotka-saytov') ?? seed.services[0]!;
  const article = seed.articles[0]!;
  const project = seed.projects[0]!;
  const industry = seed.projectFilters[0]!;
  const tag = seed.articleFilters[0]!;
  const author = seed.authors.find((entry) => entry.id === article.authorId)!;
  const words = (name: string, h1: string) => ({ h1, title: page(name).title, description: page(name).description });
  return [
    { path: '/', ...words('home', String(page('home').blocks.hero!.title)) },
    { path: '/about/', ...words('about', String(page('about').blocks.intro!.title)) },
    { path: '/services/', ...words('services', String(page('services').blocks.intro!.title)) },
    { path: `/services/${service.path}/`, h1: service.title, title: service.seoTitle, description: service.description },
    { path: '/projects/', ...words('projects', String(page('projects').blocks.intro!.title)) },
    {
      path: `/projects/${industry.slug}/`,
      h1: industry.title,
      title: `${industry.title} — ${page('projects').title}`,
      description: page('projects').description,
    },
    {
      path: `/material/projects/${project.slug}/`,
      h1: project.title,
      title: `${project.title} — ${project.client}`,
      description: project.description,
    },
    { path: '/blog/', ...words('blog', String(page('blog').blocks.intro!.title)) },
    { path: `/blog/${tag.slug}/`, h1: tag.title, title: `${tag.title} — ${page('blog').title}`, description: page('blog').description },
    {
      path: `/blog/author/${author.slug}/`,
      h1: author.name,
      title: `${author.name} — ${page('blog').title}`,
      description: `${author.position}. ${author.bio}`,
    },
    { path: `/material/blog/${article.slug}/`, h1: article.title, title: article.title, description: article.description },
    { path: '/career/', ...words('career', String(page('career').blocks.intro!.title)) },
    { path: '/contacts/', ...words('contacts', String(page('contacts').blocks.intro!.title)) },
    { path: '/documents/', ...words('documents', String(page('documents').blocks.intro!.title)) },
    { path: '/referral/', ...words('referral', String(page('referral').blocks.hero!.title)) },
    { path: '/request/', ...words('request', String(page('request').blocks.hero!.title)) },
    { path: '/subscribe/', ...words('subscribe', String(page('subscribe').blocks.hero!.title)) },
    { path: '/success/request/', ...words('success-request', String(page('success-request').blocks.hero!.title)) },
    { path: '/sitemap/', ...words('sitemap', String(page('sitemap').blocks.intro!.title)) },
  ];
}

test.each(pageCases())('$path renders 200 with one h1, the title and the description from the content service', async (expected) => {
  const { status, html } = await get(expected.path);
  expect(status).toBe(200);
  expect(h1s(html)).toEqual([expected.h1]);
  expect(titleOf(html)).toBe(expected.title);
  expect(metaContent(html, 'description')).toBe(expected.description);
});

test.each(pageCases())('$path declares as its BreadcrumbList the trail its breadcrumbs show', async ({ path }) => {
  const { html } = await get(path);
  const shown = linksIn(html, 'Хлебные крошки');
  const declared = jsonLdOfType(html, 'BreadcrumbList') as { itemListElement: { item: string }[] } | undefined;
  // The last crumb is the page itself: shown as text, declared with its canonical URL.
  const expected = shown.length === 0 ? undefined : [...shown, path].map((to) => `https://verf.test${to}`);
  expect(declared?.itemListElement.map((entry) => entry.item)).toEqual(expected);
});

test('every service page of the service tree renders with its own title', async () => {
  for (const service of seed.services) {
    const { status, html } = await get(`/services/${service.path}/`);
    expect(status, service.path).toBe(200);
    expect(h1s(html), service.path).toEqual([service.title]);
  }
});

test('the home page carries the anchors the call-to-action and links scroll to', async () => {
  const { html } = await get('/');
  for (const anchor of ['main_page_team_block', 'tariffs', 'discuss-the-project']) expect(html).toContain(`id="${anchor}"`);
});

test('the career, referral, subscribe and confirmation pages carry their anchors', async () => {
  expect((await get('/career/')).html).toContain('id="internship"');
  expect((await get('/referral/')).html).toContain('id="referral-section"');
  expect((await get('/subscribe/')).html).toContain('id="subscribe-email"');
  expect((await get('/success/request/')).html).toContain('id="subscribe-email"');
});

/** §2: the header's call-to-action per page, and where it leads before and without JavaScript. */
test.each([
  ['/', 'Обсудить проект', '/request/#discuss-the-project'],
  ['/about/', 'Обсудить проект', '/request/#discuss-the-project'],
  ['/subscribe/', 'Обсудить проект', '/request/#discuss-the-project'],
  ['/career/', 'Начать карьеру', '/career/#internship'],
  ['/referral/', 'Порекомендовать', '/referral/#referral-section'],
  ['/success/request/', 'Подпишись', '/success/request/#subscribe-email'],
])('the call-to-action on %s says «%s» and is a link to %s', async (path, label, href) => {
  const { html } = await get(path);
  // The header's link comes first (beside it, below 1280 px, the feedback window's button).
  const link = /<a [^>]*data-cta(?:="header"|-link="")[^>]*>/.exec(html)?.[0] ?? '';
  expect(link).toContain(`href="${href}"`);
  expect(html.slice(html.indexOf(link) + link.length)).toMatch(new RegExp(`^(?:<[^<>]+>)*${label}<`));
});

/** §4 below 1280 px, docs/decisions/041: the feedback window and its whole form are in the HTML. */
test('every page carries the closed feedback window with its request form, and the call-to-action that opens it natively', async () => {
  for (const path of ['/', '/about/', '/subscribe/']) {
    const { html } = await get(path);
    const window = /<div [^>]*id="feedback-window"[^>]*>/.exec(html)?.[0] ?? '';
    expect(window).toMatch(/popover="auto"/i);
    expect(html).toMatch(/<form [^>]*id="feedback-window-form"/);
    const opener = /<button [^>]*data-cta-window=""[^>]*>/.exec(html)?.[0] ?? '';
    expect(opener).toMatch(/popovertarget="feedback-window"/i);
  }
  expect((await get('/career/')).html).not.toContain('data-cta-window');
});

test('every page carries of the services only what the burger menu lists: names and links, two levels', async () => {
  const response = await request(app).get('/contacts/?_data=root');
  const { services } = (response.body as { loaderData: { root: { services: Array<Record<string, unknown>> } } }).loaderData.root;
  expect(services.length).toBeGreaterThan(0);
  for (const service of services) {
    expect(Object.keys(service).sort()).toEqual(['children', 'menuTitle', 'path']);
    for (const child of service.children as Array<Record<string, unknown>>)
      expect(Object.keys(child).sort()).toEqual(['menuTitle', 'path']);
  }
});

test('every vacancy a crawler is sent to (JobPosting url, sitemap page link) is an anchor of /career/', async () => {
  const { html } = await get('/career/');
  const postings = [...html.matchAll(/"@type":"JobPosting"[^<]*?"url":"[^"#]*#([^"]+)"/g)].map((match) => match[1]!);
  expect(postings.length).toBeGreaterThan(0);
  const sitemapAnchors = [...(await get('/sitemap/')).html.matchAll(/href="\/career\/#([^"]+)"/g)].map((match) => match[1]!);
  expect(sitemapAnchors.length).toBeGreaterThan(postings.length);
  for (const anchor of [...postings, ...sitemapAnchors]) expect(html, anchor).toContain(`id="${anchor}"`);
});

test('the pages the route table marks not indexable say noindex, and every other page does not', async () => {
  const pages = (ROUTES as readonly RouteEntry[]).filter((route) => !route.path.includes(':') && !route.path.includes('*'));
  const robotsOf = async (route: RouteEntry) => metaContent((await get(route.path)).html, 'robots');
  for (const route of pages.filter((page) => page.indexable === false)) expect(await robotsOf(route), route.path).toContain('noindex');
  for (const route of pages.filter((page) => page.indexable !== false)) expect(await robotsOf(route), route.path).toBeUndefined();
  expect(ROUTES.filter((route: RouteEntry) => route.indexable === false).map((route) => route.path)).toEqual([
    '/success/request/',
    '/_ui_kit/',
  ]);
});

test('the blog is paginated: page 2 shows other articles, a page past the end is a 404', async () => {
  const first = await get('/blog/');
  const second = await get('/blog/?page=2');
  expect(second.status).toBe(200);
  const firstArticles = articleLinks(first.html);
  const secondArticles = articleLinks(second.html);
  expect(firstArticles.length).toBe(9);
  expect(secondArticles.length).toBe(Math.min(9, seed.articles.length - 9));
  expect(secondArticles.filter((link) => firstArticles.includes(link))).toEqual([]);
  expect(linksIn(first.html, 'Страницы')).toContain('/blog/?page=2');
  expect((await get('/blog/?page=99')).status).toBe(404);
  expect((await get('/blog/?page=abc')).status).toBe(404);
  expect((await get('/blog/?page=0')).status).toBe(404);
});

test('the tag filter lists every blog tag and a tag page shows only articles with that tag', async () => {
  const { html } = await get('/blog/');
  const filter = linksIn(html, String(page('blog').blocks.filters!.title));
  expect(filter).toEqual(['/blog/', ...seed.articleFilters.map((tag) => `/blog/${tag.slug}/`)]);

  const tag = seed.articleFilters.find((entry) => seed.articles.some((article) => article.tags.includes(entry.slug)))!;
  const tagged = seed.articles.filter((article) => article.tags.includes(tag.slug)).map((article) => `/material/blog/${article.slug}/`);
  const tagPage = await get(`/blog/${tag.slug}/`);
  expect(articleLinks(tagPage.html).sort()).toEqual(tagged.slice(0, 9).sort());
  const current = [...tagPage.html.matchAll(/<a\b[^>]+aria-current="page"[^>]*>/g)].map((match) => /href="([^"]*)"/.exec(match[0])?.[1]);
  expect(current).toContain(`/blog/${tag.slug}/`);
});

test('an article shows its date as dd MMM yyyy in Russian, the author and the reading time', async () => {
  const article = seed.articles[0]!;
  const author = seed.authors.find((entry) => entry.id === article.authorId)!;
  const { html } = await get(`/material/blog/${article.slug}/`);
  const date = String(article.date).slice(0, 10);
  const printed = formatArticleDate(date);
  expect(printed).toMatch(/^\d{2} [а-я]{3,4}\.? \d{4}$/);
  expect(html).toContain(`<time dateTime="${date}">${printed}</time>`);
  expect(html).toContain(author.name);
  expect(html).toMatch(/(?<!\d)\d+\u00a0мин чтения/);
  expect(html).toMatch(/(назад|сегодня)/);
});

test('the projects menu lists the first six industries in one column and the rest in another', async () => {
  const { html } = await get('/projects/');
  const menu = html.slice(html.indexOf(`aria-label="${PROJECTS_BY_INDUSTRY}"`));
  const lists = [...menu.slice(0, menu.indexOf('</nav>')).matchAll(/<ul[^>]*>([\s\S]*?)<\/ul>/g)].map((match) =>
    [...(match[1] ?? '').matchAll(/href="\/projects\/([^"/]+)\/"/g)].map((link) => link[1]),
  );
  expect(lists).toEqual([
    seed.projectFilters.slice(0, 6).map((industry) => industry.slug),
    seed.projectFilters.slice(6).map((industry) => industry.slug),
  ]);
});

/** The §3 specialization cards of a page: slug, title and where the card's link leads. */
function specializationCards(html: string) {
  return [...html.matchAll(/<article[^>]*data-specialization="([^"]+)"[^>]*>([\s\S]*?)<\/article>/g)].map((match) => {
    const link = /<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/.exec(match[2]!)!;
    return {
      slug: match[1]!,
      href: link[1]!,
      title: link[2]!
        .replace(/<[^<>]+>/g, '')
        .replace(/&quot;/g, '"')
        .trim(),
    };
  });
}

test.each(['/', '/projects/'])('%s shows a specialization card per industry, linking to its url or to /projects/{slug}/', async (path) => {
  const { html } = await get(path);
  const expected = seed.specializations.map((card) => ({
    slug: card.slug,
    href: card.url ?? `/projects/${card.slug}/`,
    title: card.title,
  }));
  expect(specializationCards(html)).toEqual(expected);
  for (const card of seed.specializations) expect(html).toContain(card.description);
  // Every card leads to a page (a known industry, an existing service), not a 404 or a redirect.
  for (const { href } of expected) expect((await get(href)).status, href).toBe(200);
});

test('an industry page does not repeat the specialization cards', async () => {
  expect(specializationCards((await get(`/projects/${seed.projectFilters[0]!.slug}/`)).html)).toEqual([]);
});

test("an industry page lists only that industry's projects", async () => {
  const industry = seed.projectFilters[0]!;
  const { html } = await get(`/projects/${industry.slug}/`);
  const expected = seed.projects
    .filter((project) => project.industry === industry.slug)
    .map((project) => project.slug)
    .sort();
  const shown = [...new Set([...html.matchAll(/href="\/material\/projects\/([^"/]+)\/"/g)].map((match) => match[1]))].sort();
  expect(shown).toEqual(expected);
});

test('a service page shows its price guidance, FAQ and breadcrumbs up the service tree', async () => {
  const service = seed.services.find((entry) => entry.path === 'razrabotka/razrabotka-saytov/razrabotka-lendinga')!;
  const { html } = await get(`/services/${service.path}/`);
  expect(linksIn(html, 'Хлебные крошки')).toEqual(['/', '/services/', '/services/razrabotka/', '/services/razrabotka/razrabotka-saytov/']);
  expect(html).toContain(`от\u00a0${new Intl.NumberFormat('ru-RU').format(service.price.from).replace(/\s/g, '\u00a0')}\u00a0₽`);
  for (const faq of service.faq) expect(html).toContain(faq.question.replace(/"/g, '&quot;'));
});

test('the sitemap lists every service, industry, article and document', async () => {
  const { html } = await get('/sitemap/');
  for (const service of seed.services) expect(html).toContain(`href="/services/${service.path}/"`);
  for (const industry of seed.projectFilters) expect(html).toContain(`href="/projects/${industry.slug}/"`);
  for (const article of seed.articles) expect(html).toContain(`href="/material/blog/${article.slug}/"`);
  for (const document of seed.documents) expect(html).toContain(`href="/documents/#${document.slug}"`);
});

test('the contacts page shows both offices with phones and addresses', async () => {
  const { html } = await get('/contacts/');
  for (const office of seed.agency.offices) {
    expect(html).toContain(office.city);
    expect(html).toContain(office.phone);
    expect(html).toContain(`href="tel:${office.phone.replace(/[^+\d]/g, '')}"`);
  }
});

test('when the tag list was never fetched a tag page degrades like the blog: its articles, the toast, 200; a slug no article carries stays 503', async () => {
  const { content } = await createTestApp();
  const withoutTags = new Proxy(content.client, {
    get(target, property, receiver) {
      if (property === 'articleFiltersOrFailure') return async () => ({ filters: [], failed: true });
      if (property === 'articleFilters') {
        return async () => {
          throw new ContentUnavailableError('GET /article-filters', 'connection refused');
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const broken = (await createTestApp({}, { content: withoutTags })).app;
  const response = await request(broken).get('/blog/seo/');
  expect(response.status).toBe(200);
  expect(h1s(response.text).join(' ')).toContain('SEO');
  const seoArticles = seed.articles.filter((article) => article.tags.includes('seo'));
  expect(articleLinks(response.text).length).toBe(Math.min(9, seoArticles.length));
  expect(response.text).toContain('"tagsFailed":true');
  // §5 in another case: the known tag's 301 (decision 040); unknown stays the outage's 503.
  const moved = await request(broken).get('/blog/SEO/');
  expect(moved.status).toBe(301);
  expect(moved.headers.location).toBe('/blog/seo/');
  expect((await request(broken).get('/blog/net-takogo-tega/')).status).toBe(503);
});

test('when the tag list cannot be fetched the blog still renders its articles, without the tag filter', async () => {
  const { content } = await createTestApp();
  const withoutTags = new Proxy(content.client, {
    get(target, property, receiver) {
      if (property === 'articleFiltersOrFailure') return async () => ({ filters: [], failed: true });
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const broken = (await createTestApp({}, { content: withoutTags })).app;
  const response = await request(broken).get('/blog/');
  expect(response.status).toBe(200);
  expect(linksIn(response.text, String(page('blog').blocks.filters!.title))).toEqual([]);
  expect(articleLinks(response.text).length).toBe(9);
  // The browser reads this flag from the route data and shows the toast of §8.
  expect(response.text).toContain('"tagsFailed":true');
});
