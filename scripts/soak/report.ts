/** How both soaks (classic.ts, hostile.ts) write down what they measured and end with the verdict. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../server/platform/paths.ts';

export const MiB = 2 ** 20;
/** Bytes in MiB with one decimal, as the reports print memory. */
export const mib = (bytes: number) => (bytes / MiB).toFixed(1);

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
