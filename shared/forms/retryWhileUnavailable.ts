import { showGenericErrorToast } from '../ui/toastStore.ts';
import { FORM_MESSAGES } from './messages.ts';
import type { SubmitOutcome } from './submitLead.ts';

/** How long a form is sent again while the server answers 503 with Retry-After (decision 023); past this, the visitor decides. */
export const RETRY_WINDOW_MS = 90_000;
/** Bounds on one wait, whatever Retry-After says: never a busy loop, never a silent minute. */
export const RETRY_WAIT_MS = { min: 2000, max: 30_000 } as const;

export interface RetryOptions {
  /** Before each wait: what to tell the visitor (a polite status), in whole seconds. */
  readonly onWait: (seconds: number) => void;
  /** When the form is sent again. */
  readonly onResend: () => void;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends again after each (bounded) Retry-After for at most RETRY_WINDOW_MS; then the "unavailable" message and §8's toast. */
export async function retryWhileUnavailable(send: () => Promise<SubmitOutcome>, options: RetryOptions): Promise<SubmitOutcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const started = now();
  for (;;) {
    const outcome = await send();
    if (outcome.ok || outcome.retryAfterMs === undefined) return outcome;
    const wait = Math.min(Math.max(outcome.retryAfterMs, RETRY_WAIT_MS.min), RETRY_WAIT_MS.max);
    if (now() - started + wait > RETRY_WINDOW_MS) {
      showGenericErrorToast();
      return { ok: false, errors: {}, formError: FORM_MESSAGES.unavailable };
    }
    options.onWait(Math.round(wait / 1000));
    await sleep(wait);
    options.onResend();
  }
}
