import type { PurgeTargetsConfig } from '../config/env.ts';
import { varnishPurger, type TagPurger } from './purgers.ts';

/** The purge targets the configuration names (VARNISH_URLS, Fastly, Cloudflare; docs/deploy.md). */
export function configuredPurgers(targets: PurgeTargetsConfig): TagPurger[] {
  return targets.varnishUrls.map((url) => varnishPurger(url));
}
