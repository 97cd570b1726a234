import type { PurgeApi } from 'fastly';
import { batches, type TagPurger } from './purgers.ts';

/** Fastly's limit of surrogate keys per bulk purge. */
const KEYS_PER_CALL = 256;

/** Fastly by its official client: a soft purge by surrogate key, as Varnish's xkey soft purge; `baseUrl` is a test's stand-in. */
export function fastlyPurger(options: { apiToken: string; serviceId: string; baseUrl?: string | undefined }): TagPurger {
  let api: Promise<PurgeApi> | undefined;
  // Loaded on the first purge: the generated client is hundreds of modules a start need not wait for.
  const purgeApi = async () => {
    const { ApiClient, PurgeApi } = await import('fastly');
    const client = new ApiClient();
    client.authenticate(options.apiToken);
    const baseUrl = options.baseUrl;
    if (baseUrl !== undefined) {
      // Each generated operation names api.fastly.com itself; the stand-in's address wins over it.
      const buildUrl = client.buildUrl.bind(client);
      client.buildUrl = (path, pathParams, reserved) => buildUrl(path, pathParams, reserved, baseUrl);
    }
    return new PurgeApi(client);
  };
  return {
    name: 'fastly',
    async invalidateTags(tags) {
      api ??= purgeApi();
      const purge = await api;
      for (const batch of batches(tags, KEYS_PER_CALL)) {
        await purge.bulkPurgeTag({ service_id: options.serviceId, fastly_soft_purge: 1, purge_response: { surrogate_keys: batch } });
      }
    },
  };
}
