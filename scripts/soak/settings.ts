/** What both soaks (classic.ts, hostile.ts) read from the environment, and the target they share. */

/** The whole, positive number in the environment variable `name`, or `fallback` when it is unset; anything else stops the soak. */
export function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** How much a worker's RSS may grow over a soak run: growth past it is a leak, not the process reaching its working size. */
export const RSS_GROWTH_TARGET = 0.1;
