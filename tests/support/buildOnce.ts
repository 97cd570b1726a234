import { execFileSync } from 'node:child_process';

// The integration and browser projects both name this global setup; vitest runs it once per
// project, in the one main process, so the first call builds and the second finds it done.
const BUILT = Symbol.for('agency-site.productionBuild');
const state = globalThis as { [BUILT]?: true };

/** Builds the production bundle once per run, before the first file that needs it. */
export default function buildOnce() {
  if (state[BUILT]) return;
  execFileSync(process.execPath, ['esbuild.config.ts'], { stdio: 'inherit' });
  state[BUILT] = true;
}
