/**
 * The item in the middle once `items` are ordered by `by` (the lower of the two middles for an
 * even count, so it is always one of the runs measured); undefined for no items.
 */
export function medianBy<T>(items: readonly T[], by: (item: T) => number): T | undefined {
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor((items.length - 1) / 2)];
}
