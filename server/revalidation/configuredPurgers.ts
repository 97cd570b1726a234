import type { PurgeTargetsConfig } from '../config/env.ts';
import { cloudflarePurger } from './cloudflarePurger.ts';
import { fastlyPurger } from './fastlyPurger.ts';
import { varnishPurger, type TagPurger } from './purgers.ts';

/** The purge targets the configuration names (VARNISH_URLS, FASTLY_*, CLOUDFLARE_*; docs/deploy.md). */
export function configuredPurgers(targets: PurgeTargetsConfig): TagPurger[] {
  return [
    ...targets.varnishUrls.map((url) => varnishPurger(url)),
    ...(targets.fastly === undefined ? [] : [fastlyPurger(targets.fastly)]),
    ...(targets.cloudflare === undefined ? [] : [cloudflarePurger(targets.cloudflare)]),
  ];
}
