import type { PurgeTargetsConfig } from '../../platform/config/env.ts';
import { cloudflarePurger } from './cloudflarePurger.ts';
import { fastlyPurger } from './fastlyPurger.ts';
import type { TagPurger } from './purgers.ts';
import { varnishPurger } from './varnishPurger.ts';

/** The purge targets the configuration names (VARNISH_URLS with VARNISH_PURGE_SECRET, FASTLY_*, CLOUDFLARE_*; docs/deploy.md). */
export function configuredPurgers(targets: PurgeTargetsConfig): TagPurger[] {
  return [
    ...targets.varnishUrls.map((url) => varnishPurger(url, { secret: targets.varnishPurgeSecret })),
    ...(targets.fastly === undefined ? [] : [fastlyPurger(targets.fastly)]),
    ...(targets.cloudflare === undefined ? [] : [cloudflarePurger(targets.cloudflare)]),
  ];
}
