import type { Express } from 'express';
import { SERVER_TREES } from '../../../shared/routes/serverMounts.ts';
import type { Config } from '../../platform/config/env.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { configuredImageLimits, imageService } from './imageService.ts';
import type { VariantMaker } from './variantMaker.ts';

export { configuredImageLimits, createVariantMaker } from './imageService.ts';
export { contentImages, pregenerateImages } from './pregenerateImages.ts';
export type { VariantMaker } from './variantMaker.ts';

/** /_ipx: the site's pictures resized and re-encoded, by cost (decision 024). */
export function mountImages(
  app: Express,
  options: { config: Config; logger: Logger; publicDir: string; maker?: VariantMaker | undefined },
): void {
  const { config, logger } = options;
  app.use(
    SERVER_TREES.images,
    imageService({
      publicDir: options.publicDir,
      domains: config.imageDomains,
      cacheDir: config.imageCacheDir,
      limits: configuredImageLimits(config.imageCostBudget),
      maker: options.maker,
      logger,
    }),
  );
}
