import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../../../tests/support/testApp.ts';

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

test('the home page describes the agency as an Organization with both offices as LocalBusiness', async () => {
  const { app } = await createTestApp();
  const html = (await request(app).get('/')).text;
  const organization = jsonLdOf(html).find((item) => item['@type'] === 'Organization');
  expect(organization).toBeDefined();
  const departments = organization?.department as Record<string, unknown>[];
  expect(departments).toHaveLength(2);
  for (const office of departments) {
    expect(office).toMatchObject({ '@type': 'LocalBusiness', address: { '@type': 'PostalAddress', addressCountry: 'RU' } });
    expect(office.telephone).toMatch(/^\+7/);
  }
});

test('every page carries Open Graph and Twitter cards with an absolute image and its canonical URL', async () => {
  const { app } = await createTestApp();
  for (const path of ['/', '/about/', '/blog/', '/contacts/']) {
    const html = (await request(app).get(path)).text;
    expect(metaContent(html, 'og:url')).toBe(`https://verf.test${path}`);
    expect(metaContent(html, 'og:image')).toMatch(/^https:\/\/verf\.test\/_ipx\/s_1200x630,fit_cover,f_jpeg\//);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:title')).toBeTruthy();
    for (const item of jsonLdOf(html)) expect(item['@context']).toBe('https://schema.org');
  }
});

test('the share image itself is served by /_ipx as a 1200×630 JPEG', async () => {
  const { app } = await createTestApp();
  const image = metaContent((await request(app).get('/')).text, 'og:image') ?? '';
  const response = await request(app).get(image.replace('https://verf.test', ''));
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('image/jpeg');
});
