import type { Response } from 'express';

/**
 * A 5xx the server chose, as designed, under pressure that hostile traffic can cause at will (a
 * full image queue, a full upload quota): logged as a warning, not an error, so an error line
 * still means something to fix and an attacker cannot flood the error alerts. The access log
 * (server/platform/http/accessLog.ts) reads the mark.
 */
export function markExpectedRefusal(res: Response): void {
  (res.locals as { expectedRefusal?: boolean }).expectedRefusal = true;
}
