import { vi } from 'vitest';

// Setup of the unit project: its files run without a production build, so one of them that
// reaches for the build (the manifest, the assets, the built server or image encoder) would pass
// on a machine with an old `dist/` and fail on a fresh clone. Reaching for one fails here, at
// once and on every machine, with what to do about it.
const NEEDS_THE_BUILD =
  'This unit test file reads the production build: name it `*.integration.test.ts` ' +
  '(tests/support/testProjects.ts), so it runs where one build is made before the run.';

vi.mock(import('../../server/platform/paths.ts'), async (importOriginal) => {
  const original = await importOriginal();
  const refuse = (): never => {
    throw new Error(NEEDS_THE_BUILD);
  };
  return {
    ...original,
    get DIST_DIR() {
      return refuse();
    },
    PATHS: {
      ...original.PATHS,
      get manifest() {
        return refuse();
      },
      get assets() {
        return refuse();
      },
      get imageEncoder() {
        return refuse();
      },
    },
  };
});
