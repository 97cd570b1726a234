import { expect, test } from 'vitest';
import { launchFirefox } from './firefox.ts';
import { mainPaths, openHydrated } from './mainPaths.ts';

// The visitor's main paths in Firefox ESR over HTTP and HTTPS (decision 040).
const run = mainPaths(launchFirefox);

// Firefox reports no first-contentful-paint entry for a page opened at an existing #fragment; the
// boot script starts the page on the load event and the next frame as well (server/features/pages/ssr/bootScript.ts).
test('a page opened at an anchor (/career/#internship) starts its JavaScript and hydrates', async () => {
  const { page } = run.engine();
  await page.resize(1440, 900);
  await openHydrated(page, `${run.origin('https')}/career/#internship`);
  expect(await page.evaluate(() => location.hash)).toBe('#internship');
  expect(await page.problems()).toEqual([]);
});
