/** Loads nothing, but every page has a loader for the one data request per navigation. */
export function loader(): null {
  return null;
}
