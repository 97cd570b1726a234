import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, signBody } from '../../platform/http/bodySignature.ts';

/**
 * A publish webhook's signature, as the site signs its own lead deliveries
 * (`server/features/leads/webhook.ts`): `X-Signature-256: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">` with REVALIDATE_SECRET. The signed timestamp bounds a replay of a captured
 * request to SIGNATURE_TOLERANCE_SECONDS.
 */
export { SIGNATURE_HEADER, signBody as signRevalidation };

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export function checkSignature(header: string, rawBody: Buffer, secret: string, nowMs = Date.now()): SignatureCheck {
  const fields = new Map<string, string>();
  for (const part of header.split(',')) {
    const equals = part.indexOf('=');
    if (equals > 0) fields.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim());
  }
  const t = Number(fields.get('t'));
  const given = Buffer.from(fields.get('v1') ?? '', 'hex');
  if (!Number.isInteger(t) || given.length === 0) return 'invalid';
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  // Checked after the signature, so an answer about time is given only to who holds the secret.
  return Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS ? 'expired' : 'valid';
}
