/** What both soaks (classic.ts, hostile.ts) read from the environment, and how they report. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../../server/platform/paths.ts';

/** How much a worker's RSS may grow over a soak run: growth past it is a leak, not the process reaching its working size. */
export const RSS_GROWTH_TARGET = 0.1;

/** The whole, positive number in the environment variable `name`, or `fallback` when it is unset; anything else stops the soak. */
export function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

export const MiB = 2 ** 20;
/** Bytes in MiB with one decimal, as the reports print memory. */
export const mib = (bytes: number) => (bytes / MiB).toFixed(1);

/** The machine a soak ran on, for the report next to its figures. */
export function machine(): string {
  const cpus = os.cpus();
  return `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
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
