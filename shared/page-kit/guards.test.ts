import { expect, test } from 'vitest';
import type { ContentApi } from '../content/contentApi.ts';
import { blogTagIn, notFound, requireArticle, requireAuthor, requireProject, requireProjectFilter, requireService } from './guards.ts';
import type { LoaderContext } from './loaderContext.ts';

const tags = [
  { slug: 'seo', title: 'SEO' },
  { slug: 'razrabotka', title: 'Разработка' },
];
const filters = [{ slug: 'medicine', title: 'Медицина', filterType: 'industry' }];
const authors = [
  { id: 3, slug: 'ekaterina-belova', name: 'Екатерина Белова', position: '', bio: '' },
  { id: 9, slug: null, name: 'Павел Зайцев', position: '', bio: '' },
];
const calls: string[] = [];
const content = {
  articleFilters: async () => tags,
  projectFilters: async () => filters,
  service: async (path: string) => {
    calls.push(`service:${path}`);
    return path === 'prodvizhenie/seo' ? { path } : null;
  },
  author: async (idOrSlug: number | string) => authors.find((author) => author.slug === idOrSlug || author.id === idOrSlug) ?? null,
  article: async (slug: string) => (slug === 'kak-vybrat-cms' ? { slug } : null),
  project: async (slug: string) => (slug === 'pristan-dostavka' ? { slug } : null),
} as unknown as ContentApi;
const context: LoaderContext = {
  publicBaseUrl: 'https://verf.test',
  content,
  uploadLimits: { maxFiles: 5, maxFileBytes: 1024 },
  preview: false,
};

// The blog loader's guard over the whole tag list: unknown there is a 404.
const requireBlogTag = async (slug: string, request?: Request) => blogTagIn(tags, slug, request) ?? notFound();

async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get('Location')}`;
    // `data(null, { status })`, as react-router's static handler receives it.
    const init = (thrown as { init?: { status?: number } } | null)?.init;
    if (typeof init?.status === 'number') return String(init.status);
    throw thrown;
  }
}

test('a blog tag in its own case passes and returns the tag', async () => {
  expect(await requireBlogTag('seo')).toEqual(tags[0]);
});

test('an uppercase or mixed-case blog tag redirects to its known slug, keeping the query', async () => {
  expect(await outcome(() => requireBlogTag('SEO'))).toBe('301 /blog/seo/');
  expect(await outcome(() => requireBlogTag('Razrabotka', new Request('https://verf.test/blog/Razrabotka/?page=2')))).toBe(
    '301 /blog/razrabotka/?page=2',
  );
});

test('an unknown blog tag, or one that is no slug at all, is not found', async () => {
  expect(await outcome(() => requireBlogTag('kotiki'))).toBe('404');
  expect(await outcome(() => requireBlogTag('<script>'))).toBe('404');
});

test('a project industry must match a filter slug exactly', async () => {
  expect(await requireProjectFilter(context, 'medicine')).toEqual(filters[0]);
  expect(await outcome(() => requireProjectFilter(context, 'Medicine'))).toBe('404');
  expect(await outcome(() => requireProjectFilter(context, 'space'))).toBe('404');
});

test('a service path resolves against the service tree; junk never reaches the content service', async () => {
  expect(await requireService(context, 'prodvizhenie/seo/')).toEqual({ path: 'prodvizhenie/seo' });
  expect(await outcome(() => requireService(context, 'prodvizhenie/nope/'))).toBe('404');
  calls.length = 0;
  expect(await outcome(() => requireService(context, '../etc/passwd'))).toBe('404');
  expect(await outcome(() => requireService(context, ''))).toBe('404');
  expect(calls).toEqual([]);
});

test('an author page needs a known author slug; numeric ids that reach the page are not found', async () => {
  expect((await requireAuthor(context, 'ekaterina-belova')).id).toBe(3);
  expect(await outcome(() => requireAuthor(context, '9'))).toBe('404');
  expect(await outcome(() => requireAuthor(context, '3'))).toBe('404');
  expect(await outcome(() => requireAuthor(context, 'nobody'))).toBe('404');
});

test('articles and case studies are found by slug, else not found', async () => {
  expect(await requireArticle(context, 'kak-vybrat-cms')).toEqual({ slug: 'kak-vybrat-cms' });
  expect(await outcome(() => requireArticle(context, 'net-takoy'))).toBe('404');
  expect(await requireProject(context, 'pristan-dostavka')).toEqual({ slug: 'pristan-dostavka' });
  expect(await outcome(() => requireProject(context, 'PRISTAN-DOSTAVKA'))).toBe('404');
});
