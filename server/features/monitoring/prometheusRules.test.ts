import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../platform/paths.ts';

// Debian's `prometheus` package gives promtool; CI installs it (.ci/run). Without it these
// tests fail rather than skip: rules nobody checked are rules that do not load.
const PROMTOOL = '/usr/bin/promtool';

function promtool(...args: string[]) {
  return spawnSync(PROMTOOL, args, { cwd: path.join(ROOT_DIR, 'docs'), encoding: 'utf8', timeout: 30_000 });
}

test('the alert rules load in Prometheus (promtool check rules)', () => {
  const result = promtool('check', 'rules', 'prometheus-rules.yml');
  expect(result.error, `${PROMTOOL} must be installed`).toBeUndefined();
  expect(`${result.stdout}${result.stderr}`).toContain('SUCCESS: 7 rules found');
  expect(result.status).toBe(0);
});

test('each alert fires on the series it is for and stays quiet on healthy ones (promtool test rules)', () => {
  const result = promtool('test', 'rules', 'prometheus-rules.test.yml');
  expect(result.error, `${PROMTOOL} must be installed`).toBeUndefined();
  expect(`${result.stdout}${result.stderr}`).toContain('SUCCESS');
  expect(result.status).toBe(0);
});
