import type { ContentApi } from '../../../shared/content/contentApi.ts';
import { allArticles } from '../../../shared/content/allArticles.ts';
import { IMAGE_LAYOUTS } from '../../../shared/ui/imageLayouts.ts';
import { SERVER_TREES } from '../../../shared/routes/serverMounts.ts';
import { DEFAULT_IMAGE_FORMAT, type ImageFormat } from '../../../shared/ui/imageScreens.ts';
import { planImageSizes } from '../../../shared/ui/imageSizes.ts';
import { ipxUrl } from '../../../shared/ui/ipxUrl.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { resolveSource } from './sources.ts';
import type { VariantMaker } from './variantMaker.ts';

/** The widest width any layout's srcset asks for (a 2x screen's), the dearest variant of a picture. */
export const WIDEST_SITE_WIDTHS: readonly number[] = [
  ...new Set(Object.values(IMAGE_LAYOUTS).map((layout) => Math.max(...planImageSizes(layout.sizes, layout.width).widths))),
];

/** WebP, §9's default the pages ask for, and AVIF, the dearest format (`imageCost.ts`). */
export const PREGENERATED_FORMATS: readonly ImageFormat[] = [DEFAULT_IMAGE_FORMAT, 'avif'];

/** The pictures the pages show: every article's and every project's cover. */
export async function contentImages(content: ContentApi): Promise<string[]> {
  const [articles, projects] = await Promise.all([allArticles(content), content.projects()]);
  return [...new Set([...articles, ...projects].map((item) => item.cover))];
}

/** Makes the widest variants into the disk cache after a start (decision 024): background jobs, never before a visitor's. */
export async function pregenerateImages(
  maker: VariantMaker,
  options: { readonly publicDir: string; readonly domains: readonly string[]; readonly images: readonly string[]; readonly logger: Logger },
): Promise<{ made: number; cached: number; /** Pictures that could not be read, and variants that could not be made. */ failed: number }> {
  const started = performance.now();
  const outcome = { made: 0, cached: 0, failed: 0 };
  const seen = new Set<string>();
  for (const image of options.images) {
    let source;
    try {
      // The source exactly as a page's URL names it (ipxUrl), resolved as the service resolves it.
      const url = ipxUrl(image, {});
      source = await resolveSource(url.slice(url.indexOf('/', SERVER_TREES.images.length + 1) + 1), options);
    } catch (error) {
      outcome.failed += 1;
      options.logger.warn({ err: error, image }, 'image pre-generation: a picture could not be read');
      continue;
    }
    for (const width of WIDEST_SITE_WIDTHS) {
      for (const format of PREGENERATED_FORMATS) {
        try {
          const variant = await maker.prepare(source, { width, format }, format);
          if (seen.has(variant.key)) continue;
          seen.add(variant.key);
          if ((await maker.cached(variant)) !== undefined) {
            outcome.cached += 1;
            continue;
          }
          const job = maker.make(variant, { background: true });
          await job.result;
          await job.stored;
          outcome.made += 1;
        } catch (error) {
          outcome.failed += 1;
          options.logger.warn({ err: error, image, width, format }, 'image pre-generation: a variant failed');
        }
      }
    }
  }
  options.logger.info({ ...outcome, ms: Math.round(performance.now() - started) }, 'widest image variants pre-generated');
  return outcome;
}
