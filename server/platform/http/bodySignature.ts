import { createHmac, timingSafeEqual } from 'node:crypto';

// The one signature of the site's webhooks, both ways: the leads it delivers to a CRM and the
// publishes a CMS sends to /api/revalidate (decision 027).

export const SIGNATURE_HEADER = 'X-Signature-256';

/** How far a delivery's timestamp may be from the receiver's clock (the README's receiver check). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`: the signed time lets a receiver refuse a replay. */
export function signBody(body: string, secret: string, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/** The receiver's check: timing-safe, then within the tolerance (an answer about time only to who holds the secret). */
export function checkSignature(header: string, body: string | Buffer, secret: string, nowMs = Date.now()): SignatureCheck {
  const fields = new Map<string, string>();
  for (const part of header.split(',')) {
    const equals = part.indexOf('=');
    if (equals > 0) fields.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim());
  }
  const t = Number(fields.get('t'));
  const given = Buffer.from(fields.get('v1') ?? '', 'hex');
  if (!Number.isInteger(t) || given.length === 0) return 'invalid';
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS ? 'expired' : 'valid';
}

/** The receiver's check as the README shows it. */
export const verifySignature = (header: string, body: string, secret: string, nowMs = Date.now()): boolean =>
  checkSignature(header, body, secret, nowMs) === 'valid';
