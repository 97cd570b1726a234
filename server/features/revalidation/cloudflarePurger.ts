import type Cloudflare from 'cloudflare';
import { batches, type TagPurger } from './purgers.ts';

/** Cache tags per purge request that every Cloudflare plan accepts. */
const TAGS_PER_CALL = 30;

/** Cloudflare by its official client: purge by `Cache-Tag`; `baseUrl` is a test's stand-in. */
export function cloudflarePurger(options: { apiToken: string; zoneId: string; baseUrl?: string | undefined }): TagPurger {
  let client: Promise<Cloudflare> | undefined;
  // Loaded on the first purge: the client covers the whole Cloudflare API, which a start need not wait for.
  const connect = async () => {
    const { default: Client } = await import('cloudflare');
    return new Client({
      apiToken: options.apiToken,
      maxRetries: 1,
      timeout: 10_000,
      ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    });
  };
  return {
    name: 'cloudflare',
    async invalidateTags(tags) {
      client ??= connect();
      const cloudflare = await client;
      for (const batch of batches(tags, TAGS_PER_CALL)) await cloudflare.cache.purge({ zone_id: options.zoneId, tags: batch });
    },
  };
}
