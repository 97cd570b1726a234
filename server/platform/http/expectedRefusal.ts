import type { Response } from 'express';

/** A 5xx chosen by design under pressure hostile traffic can cause: a warning line, so attackers cannot flood the error alerts. */
export function markExpectedRefusal(res: Response): void {
  (res.locals as { expectedRefusal?: boolean }).expectedRefusal = true;
}
