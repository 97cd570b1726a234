// Which vitest project each test file runs in (vitest.config.ts). A file belongs where what it
// needs is: the browser project starts Chromium and a production server of the build; the
// integration project reads or starts the production build (`createTestApp` reads its manifest,
// `startServer` runs `dist/server/index.js`, the image encoder is `dist/server/imageEncoder.js`);
// every other file is a unit test and runs without a build. A unit file that reaches for the
// build fails with a message naming this list (tests/support/withoutBuild.ts).

/** Every test file of the repository. */
export const ALL_TESTS = [
  'server/**/*.test.{ts,tsx}',
  'shared/**/*.test.{ts,tsx}',
  'client/**/*.test.{ts,tsx}',
  'build/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tests/**/*.test.ts',
];

/** Chromium against the production build. */
export const BROWSER_TESTS = ['tests/browser/**/*.test.ts'];

/** The production build, read or started: one build shared by the whole run. */
export const INTEGRATION_TESTS = [
  'tests/{faults,forms,fuzz,pages,routing,server,varnish}/**/*.test.ts',
  'tests/budgets/budgets.test.ts',
  'build/shortHashes.test.ts',
  'server/content-service/service.test.ts',
  'server/content/{contentStack,outage,responseTags}.test.ts',
  'server/feeds/{blogFeed,feedsEndpoint}.test.ts',
  'server/forms/{formResults,formsApi,rateLimitStore,respond,storeOutage}.test.ts',
  'server/http/httpServer.test.ts',
  'server/leads/confirmationEmail.test.ts',
  'server/images/{encoderPool,imageService,pregenerateImages,siteVariants}.test.ts',
  'server/middleware/{accessLog,browserConfig,buildInfo,cachedPages,crossSiteRequests,health,staticFiles}.test.ts',
  'server/monitoring/{grafanaDashboard,metricsEndpoint}.test.ts',
  'server/preview/preview.test.ts',
  'server/revalidation/revalidateApi.test.ts',
  'server/seo/{crawlerFiles,documentHead}.test.ts',
  'server/ssr/{backgroundRender,fetchRequest,pageHandler,renderAborts}.test.ts',
  'server/telemetry/tracing.test.ts',
  'server/ssr/emotionStyles.test.tsx',
  'server/vitals/vitalsEndpoint.test.ts',
];
