interface NetworkInformation {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/** Data saver or a very slow connection: nothing is prefetched, not even a link pointed at. */
export function isConstrainedConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.saveData === true || connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g';
}
