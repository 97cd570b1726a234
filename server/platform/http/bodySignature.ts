import { createHmac, timingSafeEqual } from 'node:crypto';

// The one signature of the site's webhooks, both ways: the leads it delivers to a CRM and the
// publishes a CMS sends to /api/revalidate (decision 027).

export const SIGNATURE_HEADER = 'X-Signature-256';

/** How far a delivery's timestamp may be from the receiver's clock (the README's receiver check). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`: the CRM recomputes it with the
 * shared secret. The signed timestamp lets it refuse a captured delivery replayed later.
 */
export function signBody(body: string, secret: string, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** The receiver's check, as the README shows it: timing-safe, within the tolerance. */
export function verifySignature(header: string, body: string, secret: string, nowMs = Date.now()): boolean {
  const parts = new Map(header.split(',').map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]));
  const t = Number(parts.get('t'));
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
