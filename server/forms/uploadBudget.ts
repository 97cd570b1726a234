import { hash } from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';
import type { FormsConfig } from '../config/env.ts';
import type { LeadStore } from '../leads/store.ts';

/**
 * The part of UPLOAD_QUOTA_MB that no single client may take: whatever one client stores, the
 * other visitors keep a quarter of the space for their files.
 */
export const QUOTA_RESERVE_FRACTION = 0.25;

/** Why files were refused: this client's budget (429) or the site's space (507). */
export type UploadRefusal = 'client budget' | 'quota';

/** Asked once per request that brings files, after they were checked and before they are kept. */
export interface UploadQuota {
  refusal(incomingBytes: number, incomingFiles: number): Promise<UploadRefusal | undefined>;
}

/**
 * The key uploads are counted under: a hash of the client address, never the address itself (it
 * stays in the database until the upload is purged). IPv6 clients are counted per /56, the block
 * one subscriber usually holds, so rotating addresses inside it does not renew the budget.
 */
export function uploadClientKey(ip: string | undefined): string {
  return hash('sha256', `upload-client:${ipKeyGenerator(ip ?? 'unknown', 56)}`, 'base64url').slice(0, 22);
}

/**
 * Three limits, counted in the leads database (PostgreSQL when DATABASE_URL is set), so every
 * instance and worker sees the same numbers (docs/security.md):
 * - per client and window (FORMS_RATE_WINDOW_SECONDS): UPLOAD_CLIENT_MB and UPLOAD_CLIENT_FILES;
 * - per client over everything it still has stored: the quota less its reserve;
 * - for everybody: UPLOAD_QUOTA_MB.
 * Per lead, the form's own limits hold (UPLOAD_MAX_FILES of UPLOAD_MAX_FILE_MIB each).
 */
export function uploadQuota(
  config: Pick<FormsConfig, 'uploadQuotaBytes' | 'clientUploadBytes' | 'clientUploadFiles' | 'rateWindowMs'>,
  store: LeadStore,
  client: string,
  now: () => number = Date.now,
): UploadQuota {
  return {
    async refusal(incomingBytes, incomingFiles) {
      const mine = await store.clientUploads(client, now() - config.rateWindowMs);
      if (mine.recentBytes + incomingBytes > config.clientUploadBytes || mine.recentFiles + incomingFiles > config.clientUploadFiles) {
        return 'client budget';
      }
      if (mine.storedBytes + incomingBytes > config.uploadQuotaBytes * (1 - QUOTA_RESERVE_FRACTION)) return 'quota';
      if ((await store.uploadBytes()) + incomingBytes > config.uploadQuotaBytes) return 'quota';
      return undefined;
    },
  };
}
