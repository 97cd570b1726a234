import { SIGNATURE_HEADER, signBody } from '../../platform/http/bodySignature.ts';
import { leadPayload } from './leadMessage.ts';
import type { StoredLead } from './store.ts';

export type Sender = (lead: StoredLead) => Promise<void>;

/** A lead as signed JSON; `Idempotency-Key` and `id` stay the same on a retry; any answer but 2xx is retried. */
export function webhookSender(options: { url: string; secret: string; timeoutMs?: number }): Sender {
  return async (lead) => {
    const body = JSON.stringify(leadPayload(lead));
    const response = await fetch(options.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'verf-site-leads/1',
        'Idempotency-Key': lead.id,
        'X-Lead-Id': lead.id,
        [SIGNATURE_HEADER]: signBody(body, options.secret),
      },
      body,
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  };
}
