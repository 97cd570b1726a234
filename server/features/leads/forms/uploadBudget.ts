import { hash, randomUUID } from 'node:crypto';
import type { FormsConfig } from '../../../platform/config/env.ts';
import { UPLOAD_RESERVATION_TTL_MS } from '../purge.ts';
import type { LeadStore, UploadUsage } from '../store.ts';
import { clientKeyOf } from '../../../platform/http/clientKey.ts';

/** A client's share of UPLOAD_QUOTA_MB: a tenth (ten /56 blocks to fill it), or one full brief up to a fifth; 102 MiB of 1 GiB. */
export const CLIENT_SHARE_OF_QUOTA = 0.1;
export const LARGEST_CLIENT_SHARE_OF_QUOTA = 0.2;

/** The bytes one client may keep stored (`CLIENT_SHARE_OF_QUOTA`, more for one full lead, up to `LARGEST_CLIENT_SHARE_OF_QUOTA`). */
export function clientShareBytes(config: Pick<FormsConfig, 'uploadQuotaBytes' | 'maxFiles' | 'maxFileBytes'>): number {
  const oneLead = config.maxFiles * config.maxFileBytes;
  const share = Math.max(
    config.uploadQuotaBytes * CLIENT_SHARE_OF_QUOTA,
    Math.min(oneLead, config.uploadQuotaBytes * LARGEST_CLIENT_SHARE_OF_QUOTA),
  );
  return Math.floor(share);
}

/** Why files were refused: this client's budget (429) or the site's space (507). */
export type UploadRefusal = 'client budget' | 'quota';

/** A request's hold on the upload budgets, taken before a byte is written (decision 039): `hold`, then `settle` or `release`. */
export interface UploadQuota {
  readonly reservationId: string;
  /** Reserves `wantBytes` more (the first hold also one file): the bytes granted, and why any fewer. */
  hold(wantBytes: number): Promise<{ granted: number; refusal?: UploadRefusal | undefined }>;
  /** The request's real bytes and files in place of what it held; a refusal if they do not fit. */
  settle(bytes: number, files: number): Promise<UploadRefusal | undefined>;
  release(): Promise<void>;
}

type BudgetLimits = Pick<
  FormsConfig,
  'uploadQuotaBytes' | 'clientUploadBytes' | 'clientUploadFiles' | 'rateWindowMs' | 'maxFiles' | 'maxFileBytes'
>;

/** Why `bytes` and `files` (this request's, in all) do not fit beside what `usage` counts, if they do not. */
export function refusalFor(usage: UploadUsage, bytes: number, files: number, limits: BudgetLimits): UploadRefusal | undefined {
  if (usage.recentBytes + bytes > limits.clientUploadBytes || usage.recentFiles + files > limits.clientUploadFiles) return 'client budget';
  if (usage.storedBytes + bytes > clientShareBytes(limits) || usage.totalBytes + bytes > limits.uploadQuotaBytes) return 'quota';
  return undefined;
}

/** The most this request may hold in all beside `usage`: the smallest room any of the three limits leaves. */
export function roomFor(usage: UploadUsage, limits: BudgetLimits): number {
  return Math.min(
    limits.clientUploadBytes - usage.recentBytes,
    clientShareBytes(limits) - usage.storedBytes,
    limits.uploadQuotaBytes - usage.totalBytes,
  );
}

/** Uploads are counted under a hash of the client address (an IPv6 client's /56 block), never the address itself. */
export function uploadClientKey(ip: string | undefined): string {
  return hash('sha256', `upload-client:${clientKeyOf(ip ?? 'unknown')}`, 'base64url').slice(0, 22);
}

/** Three limits in the leads database (docs/security.md): per client and window, per client kept, and UPLOAD_QUOTA_MB. */
export function uploadQuota(limits: BudgetLimits, store: LeadStore, client: string, now: () => number = Date.now): UploadQuota {
  const reservationId = randomUUID();
  // Only a request that held something has a reservation to give back.
  let holding = false;
  const at = () => {
    const time = now();
    return { id: reservationId, client, since: time - limits.rateWindowMs, heldSince: time - UPLOAD_RESERVATION_TTL_MS, now: time };
  };
  return {
    reservationId,
    hold: (wantBytes) => {
      holding = true;
      return store.adjustUploadReservation(at(), (usage) => {
        const files = Math.max(usage.own.files, 1);
        if (refusalFor(usage, 0, files, limits) === 'client budget') return { result: { granted: 0, refusal: 'client budget' } };
        const held = Math.max(usage.own.bytes, Math.min(usage.own.bytes + wantBytes, roomFor(usage, limits)));
        const granted = held - usage.own.bytes;
        const refusal = granted < wantBytes ? refusalFor(usage, usage.own.bytes + wantBytes, files, limits) : undefined;
        return { hold: { bytes: held, files }, result: { granted, refusal } };
      });
    },
    settle: (bytes, files) =>
      store.adjustUploadReservation(at(), (usage) => {
        const refusal = refusalFor(usage, bytes, files, limits);
        return refusal === undefined ? { hold: { bytes, files }, result: undefined } : { result: refusal };
      }),
    async release() {
      if (!holding) return;
      holding = false;
      await store.releaseUploadReservation(reservationId);
    },
  };
}
