import type { Logger } from '../logging/logger.ts';

/** What a start-up step needs: what ops would look at when it fails. */
export type StartupStep = 'configuration' | 'database' | 'content service' | 'port' | 'build' | 'server';

/** A start-up step that failed, with what it was. */
export class StartupFailure extends Error {
  constructor(
    readonly step: StartupStep,
    override readonly cause: unknown,
  ) {
    super(`${step}: ${reasonOf(cause)}`);
  }
}

/** Runs one step of the start-up; its failure names the step. */
export async function startupStep<T>(step: StartupStep, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof StartupFailure ? error : new StartupFailure(step, error);
  }
}

/** The reason in one line (an AggregateError of every address has no message: its code and first inner message speak). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const inner = error instanceof AggregateError ? (error.errors[0] as Error | undefined)?.message : undefined;
  const message = error.message || inner || '';
  if (code === undefined || message.includes(code)) return message || error.name;
  return message === '' ? code : `${code} ${message}`;
}

/** One JSON line naming what failed, no stack, then exit 1, so a supervisor restarts and the log says why. */
export function exitOnStartupFailure(logger: Logger, error: unknown): never {
  const failure = error instanceof StartupFailure ? error : new StartupFailure('server', error);
  logger.fatal({ failed: failure.step, reason: reasonOf(failure.cause) }, `start-up failed: ${failure.message}`);
  process.exit(1);
}
