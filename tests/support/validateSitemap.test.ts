import { expect, test } from 'vitest';
import { validateSitemap } from './validateSitemap.ts';

const ORIGIN = 'https://verf.test';
const wrap = (urls: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;

test('a valid sitemap yields its URLs', () => {
  expect(validateSitemap(wrap(`<url><loc>${ORIGIN}/blog/</loc><lastmod>2026-11-01</lastmod></url>`), ORIGIN)).toEqual([
    { loc: `${ORIGIN}/blog/`, lastmod: '2026-11-01' },
  ]);
});

test('the sitemap check rejects what the sitemap schema rejects', () => {
  const bad = [
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${ORIGIN}/a/</loc></url>`,
    `<urlset><url><loc>${ORIGIN}/a/</loc></url></urlset>`,
    wrap(`<url><loc>/relative/</loc></url>`),
    wrap(`<url><loc>https://elsewhere.test/a/</loc></url>`),
    wrap(`<url><loc>${ORIGIN}/no-slash</loc></url>`),
    wrap(`<url><loc>${ORIGIN}/a/</loc><lastmod>01.11.2026</lastmod></url>`),
    wrap(`<url><loc>${ORIGIN}/a/</loc><lastmod>2026-13-45</lastmod></url>`),
    wrap(`<url><loc>${ORIGIN}/a/</loc><loc>${ORIGIN}/b/</loc></url>`),
    wrap(`<url><loc>${ORIGIN}/a/</loc><title>x</title></url>`),
    wrap(`<page><loc>${ORIGIN}/a/</loc></page>`),
    wrap(''),
  ];
  for (const xml of bad) expect(() => validateSitemap(xml, ORIGIN), xml).toThrow(/sitemap\.xml:/);
});
