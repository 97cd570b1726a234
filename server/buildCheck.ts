import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The first preload of a production start (the Procfile: `--import ./server/buildCheck.ts
 * --import ./dist/server/telemetry.js dist/server/index.js`): without a build Node would stop on
 * the next preload with its own 20-line stack. Instead, like every start-up failure
 * (server/platform/process/startupFailure.ts), one JSON line names what failed, in pino's shape, and the process
 * exits 1. It runs from source before anything is built, so it uses Node's built-ins only and
 * TypeScript that Node's type stripping runs as it is.
 */
const BUILD_FILES = ['../dist/server/telemetry.js', '../dist/server/index.js'].map((file) => new URL(file, import.meta.url));

const missing = BUILD_FILES.find((file) => !existsSync(file));
if (missing !== undefined) {
  const reason = `${fileURLToPath(missing)} is missing: run npm run build`;
  const line = {
    level: 60,
    levelName: 'fatal',
    time: Date.now(),
    pid: process.pid,
    failed: 'build',
    reason,
    msg: `start-up failed: build: ${reason}`,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  process.exit(1);
}
