import request from 'supertest';
import { expect, test } from 'vitest';
import { isSiteVariant, SITE_IMAGE_WIDTHS } from '../../../shared/ui/imageVariants.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { IMAGE_LIMITS } from '../../platform/config/imageLimits.ts';
import { parseModifiers } from './modifiers.ts';

test("every image variant the site's pages ask for is one the image service serves", async () => {
  const { app } = await createTestApp();
  const home = await request(app).get('/');
  const article = home.text.match(/href="(\/material\/blog\/[^"/]+\/)"/)?.[1];
  const project = home.text.match(/href="(\/material\/projects\/[^"/]+\/)"/)?.[1];
  expect(article && project).toBeTruthy();
  const seen = new Set<string>();
  for (const path of ['/', '/blog/', '/projects/', article ?? '', project ?? '']) {
    const html = (await request(app).get(path)).text;
    for (const match of html.matchAll(/\/_ipx\/([^/\s"]+)\//g)) seen.add(decodeURIComponent(match[1] ?? ''));
  }
  // srcset widths, the placeholder and the share card at least.
  expect(seen.size).toBeGreaterThan(5);
  for (const modifiers of seen)
    expect({ modifiers, allowed: isSiteVariant(parseModifiers(modifiers, IMAGE_LIMITS)) }).toEqual({ modifiers, allowed: true });
});

test("the allowed widths are §9's screens at densities 1 and 2 plus the srcset widths of the site's layouts", () => {
  for (const width of [320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072]) expect(SITE_IMAGE_WIDTHS.has(width)).toBe(true);
  expect(SITE_IMAGE_WIDTHS.has(338)).toBe(true);
  expect(SITE_IMAGE_WIDTHS.size).toBeLessThan(40);
});
