import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

// A server WITH a maps key; the Yandex script itself is answered by the test (never the internet).
const site = useSiteInBrowser({ YANDEX_MAPS_API_KEY: 'test-maps-key' });

/** A stand-in for the JS API v3: records what the map was asked to show. */
const FAKE_YMAPS3 = `
  window.ymaps3 = {
    ready: Promise.resolve(),
    YMap: class { constructor(element, props) { element.dataset.fakeMap = JSON.stringify(props.location); } addChild() { return this; } destroy() {} },
    YMapDefaultSchemeLayer: class {},
    YMapDefaultFeaturesLayer: class {},
    YMapMarker: class { constructor(props) { document.body.dataset.fakeMarker = JSON.stringify(props.coordinates); } },
  };
`;

async function openUiKit(answer: (page: Page, requested: string[]) => Promise<unknown>) {
  const page = await site.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const problems = watchConsole(page);
  const requested: string[] = [];
  await answer(page, requested);
  await page.goto(`${site.server.url}/_ui_kit/`);
  await waitForHydration(page);
  return { page, problems, requested, map: page.locator('[data-map-status]').first() };
}

test('with a key the map script is loaded in Russian from API v3 and shows the office', async () => {
  const { page, problems, requested, map } = await openUiKit((page, requested) =>
    page.route('https://api-maps.yandex.ru/**', (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_YMAPS3 });
    }),
  );
  await expect.poll(() => map.getAttribute('data-map-status')).toBe('loaded');
  expect(requested).toEqual(['https://api-maps.yandex.ru/v3/?apikey=test-maps-key&lang=ru_RU']);
  expect(JSON.parse((await map.locator('[data-map-canvas]').getAttribute('data-fake-map')) ?? 'null')).toEqual({
    center: [30.3212, 59.9756],
    zoom: 16,
  });
  expect(await map.locator('[data-map-fallback]').count()).toBe(0);
  expect(problems).toEqual([]);
  await page.close();
});

test('when the map script fails to load the static card with the address stays', async () => {
  const { page, map } = await openUiKit((page) => page.route('https://api-maps.yandex.ru/**', (route) => route.abort('connectionrefused')));
  await expect.poll(() => map.getAttribute('data-map-status')).toBe('error');
  expect(await map.locator('[data-map-fallback]').count()).toBe(1);
  expect(await map.getByRole('link', { name: /Открыть на Яндекс Картах/ }).getAttribute('href')).toMatch(/^https:\/\/yandex\.ru\/maps\//);
  await page.close();
});

test('the root data gives the browser the maps key, the upload limits and nothing else of the configuration', async () => {
  const response = await fetch(`${site.server.url}/?_data=root`);
  const payload = (await response.json()) as { loaderData: { root: Record<string, unknown> } };
  const root = payload.loaderData.root;
  expect(root.yandexMapsApiKey).toBe('test-maps-key');
  expect(root.uploadLimits).toEqual({ maxFiles: 5, maxFileBytes: 10 * 1024 * 1024 });
  // `preview` says whether this request is an editor's preview (false here), nothing configured.
  expect(root.preview).toBe(false);
  // `formResult` is this visitor's own form result after a post without JavaScript (decision 030): none here.
  expect(root.formResult).toBeNull();
  expect(Object.keys(root).sort()).toEqual([
    'agency',
    'currentYear',
    'formResult',
    'preview',
    'projectFilters',
    'publicBaseUrl',
    'services',
    'uploadLimits',
    'yandexMapsApiKey',
  ]);
});
