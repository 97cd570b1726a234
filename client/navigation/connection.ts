interface NetworkInformation {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/** Data saver or a 2G-class connection: nothing is prefetched (§2) and the Metrika tag does not wait (§9). */
export function isConstrainedConnection(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.saveData === true || connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g';
}
