import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageTypes } from '../../support/pageTypes.ts';
import { freePort, startServer, type RunningServer } from '../../support/startServer.ts';
import type { Engine, EnginePage } from './engine.ts';
import { proxyOrigin, selfSignedCertificate, startProxy, type ProxyOptions, type RunningProxy } from './proxy.ts';

/** The site as the suite reaches it: directly over HTTP, through a TLS proxy, each also with scripts refused. */
interface Sites {
  readonly server: RunningServer;
  readonly proxies: RunningProxy[];
  readonly origins: Record<Protocol, { readonly scripted: string; readonly scriptless: string }>;
}
type Protocol = 'http' | 'https';

/**
 * One production server of this file's own, trusting one proxy hop (TRUST_PROXY=1) so that the
 * TLS proxy's `X-Forwarded-Proto: https` makes its pages HTTPS pages, with forms that take a
 * driver's fast typing (no minimum fill time) and keep their leads in a directory of the test's.
 */
async function startSites(dataDir: string): Promise<Sites> {
  const tls = await selfSignedCertificate();
  const [scriptless, https, scriptlessHttps] = await Promise.all([freePort(), freePort(), freePort()]);
  const options: ProxyOptions[] = [
    { port: scriptless, scriptsOff: true },
    { port: https, tls },
    { port: scriptlessHttps, tls, scriptsOff: true },
  ];
  // The proxies' origins are the site's own to its check of where a form was posted from.
  const server = await startServer({
    TRUST_PROXY: '1',
    ALLOWED_ORIGINS: options.map(proxyOrigin).join(','),
    LEADS_DATA_DIR: dataDir,
    FORMS_MIN_FILL_SECONDS: '0',
    FORMS_RATE_LIMIT: '1000',
  });
  const proxies = await Promise.all(options.map((proxy) => startProxy(server.url, proxy)));
  const [scriptlessHttp, httpsOrigin, scriptlessHttpsOrigin] = proxies.map((proxy) => proxy.url);
  return {
    server,
    proxies,
    origins: {
      http: { scripted: server.url, scriptless: scriptlessHttp! },
      https: { scripted: httpsOrigin!, scriptless: scriptlessHttpsOrigin! },
    },
  };
}

/** `html[data-hydrated]` (shared/app/root.tsx) and the header's call-to-action live (its code hydrated, decision 017). */
export async function openHydrated(page: EnginePage, url: string): Promise<void> {
  await page.goto(url);
  await page.waitFor(
    () => document.documentElement.dataset.hydrated === 'true' && document.querySelector('[data-cta="header"][data-live]') !== null,
    `hydration of ${url}`,
  );
}

const sideways = (page: EnginePage) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));

/** The visitor has answered the cookie notice (decision 022): it covers nothing a test clicks. */
const answerCookies = (page: EnginePage) =>
  page.evaluate(() => {
    document.cookie = 'cookies-accepted=true; path=/; max-age=3600';
  });

/**
 * The visitor's main paths in one engine (decision 040), over plain HTTP and over HTTPS: every
 * page type loads and hydrates without console errors or sideways scroll, in-app navigation with
 * back and forward, the burger, the call-to-action, and a form sent with and without JavaScript.
 * One browser and one tab for the file, reused by every test.
 */
/** What a file's own tests reach after `mainPaths` has set the engine and the site up. */
export interface EngineRun {
  readonly engine: () => Engine;
  readonly origin: (protocol: Protocol) => string;
}

export function mainPaths(launch: () => Promise<Engine>): EngineRun {
  let engine: Engine;
  let sites: Sites;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'engines-leads-'));
    [sites, engine] = await Promise.all([startSites(dataDir), launch()]);
  }, 180_000);

  afterAll(async () => {
    await engine?.close();
    await Promise.all(sites?.proxies.map((proxy) => proxy.stop()) ?? []);
    await sites?.server.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  for (const protocol of ['http', 'https'] as const) {
    describe(`over ${protocol.toUpperCase()}`, () => {
      const origin = () => sites.origins[protocol].scripted;

      test(
        "every page type loads and hydrates at a phone's width without console errors or sideways scroll",
        { timeout: 300_000 },
        async () => {
          const { page } = engine;
          await page.resize(390, 844);
          const found: string[] = [];
          for (const type of pageTypes()) {
            await openHydrated(page, `${origin()}${type.path}`);
            const { scrollWidth, width } = await sideways(page);
            if (scrollWidth > width) found.push(`${type.path}: ${scrollWidth} px wide in ${width} px`);
            found.push(...(await page.problems()).map((problem) => `${type.path}: ${problem}`));
          }
          expect(found).toEqual([]);
        },
      );

      test('a header link navigates in the app, and back and forward return between the two pages', async () => {
        const { page } = engine;
        await page.resize(1440, 900);
        await openHydrated(page, `${origin()}/about/`);
        // A mark on the window survives a client-side navigation and is lost by a page load.
        await page.evaluate(() => {
          Object.assign(window, { __samePage: true });
        });
        const samePageAt = (pathname: string) =>
          page.waitFor(
            (expected) => location.pathname === expected && (window as { __samePage?: boolean }).__samePage === true,
            `the app at ${pathname}`,
            pathname,
          );
        await page.click('header nav a[href="/blog/"]');
        await samePageAt('/blog/');
        await page.back();
        await samePageAt('/about/');
        await page.forward();
        await samePageAt('/blog/');
        expect(await page.problems()).toEqual([]);
      });

      for (const [width, height] of [
        [390, 844],
        [1440, 900],
      ] as const) {
        test(`at ${width} px (or the window's narrowest) the burger opens its menu over the whole viewport and Escape closes it`, async () => {
          const { page } = engine;
          await page.resize(width, height);
          await openHydrated(page, `${origin()}/about/`);
          await page.click('[data-burger-button]');
          // Open, its opening animation over (it slides in from above), over the whole viewport to
          // the pixel: the scrollbar's gutter, kept while the page's scroll is locked, included.
          await page.waitFor(() => {
            const menu = document.querySelector('[data-burger-menu]');
            if (menu?.matches(':popover-open') !== true) return false;
            const rect = menu.getBoundingClientRect();
            const edges = [rect.left, rect.top, rect.right - innerWidth, rect.bottom - innerHeight];
            return edges.every((edge) => Math.abs(edge) < 1);
          }, 'the open menu over the whole viewport');
          await page.pressEscape();
          await page.waitFor(() => document.querySelector('[data-burger-menu]')?.matches(':popover-open') === false, 'the closed menu');
          expect(await page.problems()).toEqual([]);
        });
      }

      test('the call-to-action opens the feedback window with its form at 390 px and goes to its block of home at 1440 px (§4)', async () => {
        const { page } = engine;
        await page.resize(390, 844);
        await openHydrated(page, `${origin()}/`);
        await page.click('[data-cta="header"]');
        // The window is a native popover in every page's HTML (decision 041): open, titled, its form's fields there.
        await page.waitFor(() => {
          const window = document.querySelector('[data-feedback-window]');
          return (
            window !== null &&
            window.matches(':popover-open') &&
            window.querySelector('h2')?.textContent?.includes('Обсудить проект') === true &&
            window.querySelector('form[data-lead-form="request"] input') !== null
          );
        }, 'the open feedback window with its form');
        await page.pressEscape();
        await page.waitFor(
          () => document.querySelector('[data-feedback-window]')?.matches(':popover-open') === false,
          'the closed feedback window',
        );

        await page.resize(1440, 900);
        await openHydrated(page, `${origin()}/about/`);
        await page.click('[data-cta="header"]');
        await page.waitFor(() => location.pathname === '/' && location.hash === '#discuss-the-project', 'home at #discuss-the-project');
        expect(await page.problems()).toEqual([]);
      });

      test('a subscription sent with JavaScript is confirmed in place', async () => {
        const { page } = engine;
        await page.resize(1440, 900);
        await openHydrated(page, `${origin()}/blog/`);
        await answerCookies(page);
        await page.waitFor(() => document.querySelector('form[data-lead-form="subscribe"][data-interactive]') !== null, 'the live form');
        await sendSubscription(page);
        await page.waitFor(
          () =>
            document
              .querySelector('[role="status"][data-lead-form="subscribe"]')
              ?.textContent?.includes('Новые статьи блога будут приходить на вашу почту.') === true,
          'the confirmation',
        );
        expect(new URL(await page.url()).pathname).toBe('/blog/');
        expect(await page.problems()).toEqual([]);
      });

      test('a subscription sent without JavaScript returns to the page it was sent from, confirmed (decision 030)', async () => {
        const { page } = engine;
        await page.resize(1440, 900);
        await page.goto(`${sites.origins[protocol].scriptless}/blog/`);
        expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
        await sendSubscription(page);
        await page.waitFor(
          () =>
            location.pathname === '/blog/' &&
            location.search.startsWith('?_result=') &&
            document.querySelector('#subscribe-form-result h3')?.textContent === 'Вы подписаны',
          'the confirmation page',
        );
        expect(new URL(await page.url()).protocol).toBe(`${protocol}:`);
        // What the console said here is the refusal of every script: this run's very condition.
        await page.problems();
      });
    });
  }
  return { engine: () => engine, origin: (protocol) => sites.origins[protocol].scripted };
}

let subscriptions = 0;

async function sendSubscription(page: EnginePage): Promise<void> {
  subscriptions += 1;
  await page.type('form[data-lead-form="subscribe"] [name="email"]', `reader${subscriptions}@example.ru`);
  await page.check('form[data-lead-form="subscribe"] [name="consent"]');
  await page.click('form[data-lead-form="subscribe"] button[type="submit"]');
}
