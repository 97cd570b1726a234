import type { ServerResponse } from 'node:http';

/**
 * How long a refusal a client brought on itself is held before it goes out: the 429 of a spent
 * allowance or budget (forms, uploads, `/_ipx`), the 503 of its own full share of the `/_ipx`
 * queue. A client flooding over a few connections, each waiting for its answer before asking
 * again, then asks a few times a second instead of hundreds, and its refusals (and the bodies
 * Node drains after them) stop taking the CPU real visitors need; a visitor who meets a limit
 * reads the same answer a second later (docs/decisions/024, docs/security.md). A refusal that is
 * nobody's own doing (a full upload quota, a full image queue, the database away) goes out at once.
 */
export const REFUSAL_HOLD_MS = 1_000;

/**
 * Sends a refusal after REFUSAL_HOLD_MS, or drops it if the client hangs up first (its socket is
 * then not held for nothing, and there is nobody left to answer). Settles once sent; rejects with
 * what `send` throws, for the caller's error handling.
 */
export function sendHeld(res: ServerResponse, send: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      try {
        if (!res.destroyed) send();
        resolve();
      } catch (error) {
        reject(error);
      }
    };
    const timer = setTimeout(done, REFUSAL_HOLD_MS);
    res.once('close', done);
  });
}
