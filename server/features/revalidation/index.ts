import type { Express } from 'express';
import type { ContentApi } from '../../../shared/content/contentApi.ts';
import { REVALIDATE_PATH } from '../../../shared/routes/serverMounts.ts';
import type { Config } from '../../platform/config/env.ts';
import type { DerivedCaches } from '../../platform/content/derivedCaches.ts';
import { atPaths, enterOnly } from '../../platform/http/enterOnly.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { PageCache } from '../pages/index.ts';
import { applyRevalidation } from './applyRevalidation.ts';
import type { TagPurger } from './purgers.ts';
import { PurgeQueue } from './purgeQueue.ts';
import { memoryPurgeStore, postgresPurgeStore } from './purgeStore.ts';
import { publishedContentOf, revalidateApi } from './revalidateApi.ts';
import { localBus, type RevalidationBus } from './revalidationBus.ts';

export { clusterBus, relayRevalidations } from './clusterBus.ts';
export { configuredPurgers } from './configuredPurgers.ts';
export { postgresBus } from './postgresBus.ts';
export type { TagPurger } from './purgers.ts';
export type { PurgeQueue } from './purgeQueue.ts';
export type { RevalidationBus } from './revalidationBus.ts';

export interface RevalidationOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly content: ContentApi;
  readonly buildId: string;
  readonly pageCache: PageCache | undefined;
  readonly derivedCaches: DerivedCaches;
  /** The HTTP caches in front that a publish purges (decision 027). */
  readonly purgers: readonly TagPurger[];
  /** How a revalidation reaches the other processes; this process only if absent. */
  readonly bus?: RevalidationBus | undefined;
  /** The purges and their retries (decision 036); made over DATABASE_URL's PostgreSQL, else in memory, if absent. */
  readonly purgeQueue?: PurgeQueue | undefined;
}

/** POST /api/revalidate: a CMS's publish drops the content cache and the pages concerned in every process (docs/deploy.md). */
export function mountRevalidation(app: Express, options: RevalidationOptions): void {
  const { config, logger, content, pageCache } = options;
  const bus = options.bus ?? localBus();
  // Every process revalidates its caches; only the one that got the publish purges those in front, once (decision 036).
  bus.subscribe((target) => applyRevalidation(target, { pageCache, content, derived: options.derivedCaches }));
  const purges = options.purgeQueue ?? configuredPurgeQueue(options.purgers, config.leads.databaseUrl, logger);
  if (purges !== undefined) {
    purges.start();
    // What older builds rendered is purged once, by the first instance serving this build.
    void purges.startBuild(options.buildId);
  }
  app.use(
    enterOnly(
      atPaths([REVALIDATE_PATH]),
      revalidateApi({ secret: config.revalidateSecret, bus, logger, content: publishedContentOf(content), purges }),
    ),
  );
}

/** With purge targets: their queue, in the instances' PostgreSQL if there is one (decision 036). */
function configuredPurgeQueue(purgers: readonly TagPurger[], databaseUrl: string | undefined, logger: Logger): PurgeQueue | undefined {
  if (purgers.length === 0) return undefined;
  const store = databaseUrl === undefined ? memoryPurgeStore() : postgresPurgeStore(databaseUrl);
  return new PurgeQueue({ purgers, store, logger });
}
