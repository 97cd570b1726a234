import { hash } from 'node:crypto';
import type { FormsConfig } from '../config/env.ts';
import type { LeadStore } from '../leads/store.ts';
import { clientKeyOf } from '../http/clientKey.ts';

/**
 * The most of UPLOAD_QUOTA_MB one client may hold in stored files: a tenth, so it takes ten
 * clients (ten IPv6 /56 blocks) each at its limit to fill the quota, not a handful — or, where a
 * tenth is less than one lead's files at their limits (UPLOAD_MAX_FILES × UPLOAD_MAX_FILE_MIB),
 * enough for one full brief, up to a fifth of the quota: five clients at the least. With the
 * defaults: 102 MiB of 1 GiB.
 */
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

/** Asked once per request that brings files, after they were checked and before they are kept. */
export interface UploadQuota {
  refusal(incomingBytes: number, incomingFiles: number): Promise<UploadRefusal | undefined>;
}

/**
 * The key uploads are counted under: a hash of the client address, never the address itself (it
 * stays in the database until the upload is purged); an IPv6 client is its /56 block (clientKey.ts).
 */
export function uploadClientKey(ip: string | undefined): string {
  return hash('sha256', `upload-client:${clientKeyOf(ip ?? 'unknown')}`, 'base64url').slice(0, 22);
}

/**
 * Three limits, counted in the leads database (PostgreSQL when DATABASE_URL is set), so every
 * instance and worker sees the same numbers (docs/security.md):
 * - per client and window (FORMS_RATE_WINDOW_SECONDS): UPLOAD_CLIENT_MB and UPLOAD_CLIENT_FILES;
 * - per client over everything it still has stored: its share of the quota (`clientShareBytes`);
 * - for everybody: UPLOAD_QUOTA_MB.
 * Per lead, the form's own limits hold (UPLOAD_MAX_FILES of UPLOAD_MAX_FILE_MIB each).
 */
export function uploadQuota(
  config: Pick<FormsConfig, 'uploadQuotaBytes' | 'clientUploadBytes' | 'clientUploadFiles' | 'rateWindowMs' | 'maxFiles' | 'maxFileBytes'>,
  store: LeadStore,
  client: string,
  now: () => number = Date.now,
): UploadQuota {
  const share = clientShareBytes(config);
  return {
    async refusal(incomingBytes, incomingFiles) {
      const mine = await store.clientUploads(client, now() - config.rateWindowMs);
      if (mine.recentBytes + incomingBytes > config.clientUploadBytes || mine.recentFiles + incomingFiles > config.clientUploadFiles) {
        return 'client budget';
      }
      if (mine.storedBytes + incomingBytes > share) return 'quota';
      if ((await store.uploadBytes()) + incomingBytes > config.uploadQuotaBytes) return 'quota';
      return undefined;
    },
  };
}
