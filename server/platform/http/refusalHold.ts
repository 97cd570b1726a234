import type { ServerResponse } from 'node:http';

/**
 * A refusal a client brought on itself (a spent allowance's 429, its full share's 503) is held this long: a flooding
 * client then asks a few times a second, not hundreds (decision 024). Nobody's own refusals go at once.
 */
export const REFUSAL_HOLD_MS = 1_000;

/** Sends a refusal after REFUSAL_HOLD_MS, or drops it if the client hangs up first; rejects with what `send` throws. */
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
