/**
 * The item in the middle once `items` are ordered by `by` (the lower of the two middles for an
 * even count, so it is always one of the runs measured); undefined for no items.
 */
export function medianBy<T>(items: readonly T[], by: (item: T) => number): T | undefined {
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor((items.length - 1) / 2)];
}

/** `medianBy` of runs that must have been measured: none stops the script. */
export function middleRun<T>(items: readonly T[], by: (item: T) => number): T {
  const middle = medianBy(items, by);
  if (middle === undefined) throw new Error('nothing was measured');
  return middle;
}
