/** What the measurement scripts (lighthouse, interactivity, both soaks) share: the build, the environment, the report. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../server/platform/paths.ts';

/** Builds the site unless `skipVariable` is 1 (then dist/ is measured as it is); Ctrl-C then exits through 'exit' handlers, which stop what the script started. */
export function buildUnlessSkipped(skipVariable: string): void {
  if (process.env[skipVariable] !== '1') execFileSync(process.execPath, ['esbuild.config.ts'], { cwd: ROOT_DIR, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
}

/** How much a worker's RSS may grow over a soak run: growth past it is a leak, not the process reaching its working size. */
export const RSS_GROWTH_TARGET = 0.1;

/** The whole, positive number in the environment variable `name`, or `fallback` when it is unset; anything else stops the script. */
export function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

export const MiB = 2 ** 20;
/** Bytes in MiB with one decimal, as the reports print memory. */
export const mib = (bytes: number) => (bytes / MiB).toFixed(1);

/** The machine a measurement ran on, for the report next to its figures; with `loadDigits`, its load average now. */
export function machine(loadDigits?: number): string {
  const cpus = os.cpus();
  const load =
    loadDigits === undefined
      ? ''
      : `, load average ${os
          .loadavg()
          .map((value) => value.toFixed(loadDigits))
          .join(' ')}`;
  return `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}${load}`;
}

/** Writes `text` to test-results/`fileName`, where the measurement scripts keep their output. */
export function writeTestResult(fileName: string, text: string): void {
  mkdirSync(path.join(ROOT_DIR, 'test-results'), { recursive: true });
  writeFileSync(path.join(ROOT_DIR, 'test-results', fileName), text);
}

/** Prints the verdict and sets the exit code: 1 when a target was missed. */
export function endWithVerdict(misses: readonly string[], allMet: string): void {
  console.log(misses.length === 0 ? `\n${allMet}` : `\nMissed:\n${misses.map((miss) => `- ${miss}`).join('\n')}`);
  process.exitCode = misses.length === 0 ? 0 : 1;
}

/** A Markdown table, as the reports print theirs for docs/performance.md: `head` and each row are cells joined by ` | `. */
export function markdownTable(head: string, rows: readonly string[]): string {
  const line = (row: string) => `| ${row} |`;
  return [line(head), `|${'---|'.repeat(head.split(' | ').length)}`, ...rows.map(line)].join('\n');
}
