import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The test VCL's probe (tests/varnish/varnishd.ts): healthy with 2 of the last 3 probes good. */
const PROBE_WINDOW = 3;
const PROBE_THRESHOLD = 2;

/**
 * Whether Varnish counts backend `name` (`instance1`…) healthy now, read from its own probe
 * history (`VBE.*.<name>.happy`, one bit per probe, the newest lowest): the last window's good
 * probes against the threshold. A test waits on this, never on the clock.
 */
export async function healthyInVarnish(workDir: string, name: string): Promise<boolean> {
  const { stdout } = await promisify(execFile)('varnishstat', ['-n', workDir, '-1', '-f', `VBE.*.${name}.happy`]);
  const happy = BigInt(stdout.trim().split(/\s+/)[1] ?? '0');
  let good = 0;
  for (let bit = 0; bit < PROBE_WINDOW; bit += 1) if ((happy >> BigInt(bit)) & 1n) good += 1;
  return good >= PROBE_THRESHOLD;
}

/** Polls until `check` holds; there is no ceiling but the test's own timeout. */
export async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}
