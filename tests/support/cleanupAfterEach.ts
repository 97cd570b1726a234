import { afterEach } from 'vitest';

/**
 * What a test opened (databases, servers, receivers), closed after it, the last opened first:
 * a server stops before the database under it is dropped.
 */
export function cleanupAfterEach(): { push(...cleanups: (() => unknown)[]): void } {
  const pending: (() => unknown)[] = [];
  afterEach(async () => {
    while (pending.length > 0) await pending.pop()!();
  });
  return { push: (...cleanups) => void pending.push(...cleanups) };
}
