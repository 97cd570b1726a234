/** The JSON log lines in a server's output (pino), skipping anything that is not one. */
export function logLines(output: string): Record<string, unknown>[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return []; // a line cut by the output limit
    }
  });
}

/** Polls `check` until it returns a value other than undefined; throws after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The log lines a running process writes from now on, parsed as they arrive and kept only
 * when `keep` says so: cheap enough to poll under load, where re-reading the whole output is not.
 */
export function followLog(
  stream: NodeJS.ReadableStream | null,
  keep: (line: Record<string, unknown>) => boolean,
): Record<string, unknown>[] {
  const kept: Record<string, unknown>[] = [];
  let carry = '';
  stream?.on('data', (chunk: unknown) => {
    const text = carry + String(chunk);
    const lines = text.split('\n');
    carry = lines.pop() ?? '';
    for (const line of logLines(lines.join('\n'))) if (keep(line)) kept.push(line);
  });
  return kept;
}
