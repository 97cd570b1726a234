import os from 'node:os';

/** The machine a soak ran on, for the report next to its figures. */
export function machine(): string {
  const cpus = os.cpus();
  return `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
