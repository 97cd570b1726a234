import { SIGNATURE_HEADER, signRevalidation } from '../../server/features/revalidation/signature.ts';

/** A `POST /api/revalidate` body and the headers that sign it, as a CMS's publish webhook sends them. */
export function signedRevalidation(body: unknown, secret: string): { body: string; headers: Record<string, string> } {
  const text = JSON.stringify(body);
  return { body: text, headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signRevalidation(text, secret) } };
}
