import { execFileSync } from 'node:child_process';

/** Builds the production bundle once before any test file runs. */
export default function buildOnce() {
  execFileSync(process.execPath, ['esbuild.config.ts'], { stdio: 'inherit' });
}
