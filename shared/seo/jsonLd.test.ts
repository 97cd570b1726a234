import { expect, test } from 'vitest';
import type { Article, Vacancy } from '../content/contentApi.ts';
import { articleJsonLd } from './article.ts';
import { breadcrumbListJsonLd } from './breadcrumbs.ts';
import { jobPostingJsonLd } from './jobPosting.ts';
import { serializeJsonLd } from './jsonLd.ts';

const site = { baseUrl: 'https://verf.test' };
const parse = (value: ReturnType<ReturnType<typeof articleJsonLd>>) => JSON.parse(serializeJsonLd(value)) as Record<string, unknown>;

test('an article is an Article with absolute URLs, dates, author page and a share image', () => {
  const article = {
    slug: 'seo-2026',
    title: 'SEO в 2026 году',
    description: 'Что изменилось',
    date: '2026-10-01',
    updated: '2026-10-05',
    cover: '/images/articles/seo-2026.png',
    tags: [{ slug: 'seo', title: 'SEO' }],
    author: { id: 1, slug: 'ivan', name: 'Иван', position: 'SEO-специалист', bio: '' },
  } satisfies Pick<Article, 'slug' | 'title' | 'description' | 'date' | 'updated' | 'cover' | 'author' | 'tags'>;
  const json = parse(articleJsonLd(article, { name: 'Верфь' })(site));
  expect(json).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: 'SEO в 2026 году',
    url: 'https://verf.test/material/blog/seo-2026/',
    datePublished: '2026-10-01',
    dateModified: '2026-10-05',
    author: { '@type': 'Person', name: 'Иван', url: 'https://verf.test/blog/author/ivan/' },
    image: 'https://verf.test/_ipx/s_1200x630,fit_cover,f_jpeg/images/articles/seo-2026.png',
    // The publisher is named where it is referenced: the agency's full node is not on an article's page.
    publisher: { '@type': 'Organization', '@id': 'https://verf.test/#organization', name: 'Верфь', url: 'https://verf.test/' },
  });
  expect(parse(articleJsonLd(article, undefined)(site)).publisher).toBeUndefined();
});

test('a vacancy is a JobPosting; a remote one is TELECOMMUTE', () => {
  const vacancy: Vacancy = {
    slug: 'frontend',
    title: 'Фронтенд-разработчик',
    department: 'Разработка',
    city: 'Удалённо',
    employment: 'full',
    experience: 'от 2 лет',
    salaryFrom: 150000,
    salaryTo: null,
    datePosted: '2026-11-01',
    validThrough: '2026-12-31',
    html: '<p>Задачи</p>',
  };
  const json = JSON.parse(serializeJsonLd(jobPostingJsonLd(vacancy, { name: 'Верфь' })(site))) as Record<string, unknown>;
  expect(json).toMatchObject({
    '@type': 'JobPosting',
    title: 'Фронтенд-разработчик',
    employmentType: 'FULL_TIME',
    jobLocationType: 'TELECOMMUTE',
    datePosted: '2026-11-01',
    validThrough: '2026-12-31',
    hiringOrganization: { name: 'Верфь' },
    baseSalary: { currency: 'RUB', value: { minValue: 150000 } },
  });
  const office = JSON.parse(
    serializeJsonLd(jobPostingJsonLd({ ...vacancy, city: 'Санкт-Петербург', employment: 'internship' }, { name: 'Верфь' })(site)),
  );
  expect(office).toMatchObject({ employmentType: 'INTERN', jobLocation: { address: { addressLocality: 'Санкт-Петербург' } } });
});

test('breadcrumbs number their items from 1 with absolute URLs', () => {
  const json = JSON.parse(
    serializeJsonLd(
      breadcrumbListJsonLd([
        { title: 'Главная', to: '/' },
        { title: 'Блог', to: '/blog/' },
      ])(site),
    ),
  );
  expect(json.itemListElement).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://verf.test/' },
    { '@type': 'ListItem', position: 2, name: 'Блог', item: 'https://verf.test/blog/' },
  ]);
});

test('markup in content cannot close the JSON-LD script', () => {
  const text = serializeJsonLd({ '@type': 'Thing', name: '</script><script>alert(1)</script>' });
  expect(text).not.toContain('</script>');
  expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
});
