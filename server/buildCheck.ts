import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The first preload of a production start (the Procfile): without a build Node would stop on the next preload with a
 * 20-line stack; instead one JSON line names what failed, as every start-up failure does. Node's built-ins only.
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
