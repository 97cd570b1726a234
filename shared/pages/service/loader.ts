import type { Service } from '../../content/contentApi.ts';
import { requireService } from '../../page-kit/guards.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { serviceTrail } from '../../content/serviceTrail.ts';
import { RequestWords, ServicesIntroWords } from './serviceWords.ts';
import { href } from '../../routes/links.ts';
import { trailFromHome, type Crumb } from '../../routes/trail.ts';

export interface ServiceData {
  readonly service: Service;
  readonly crumbs: readonly Crumb[];
  readonly request: WordsOf<typeof RequestWords>;
}

// §2: /services/{path} is a catch-all resolved against the content service's service tree.
export async function loader({ params, context }: PageLoaderArgs): Promise<ServiceData> {
  const service = await requireService(context, params['*']);
  const [tree, services, request] = await Promise.all([
    context.content.services(),
    loadPageWords(context.content, 'services', ServicesIntroWords),
    loadPageWords(context.content, 'request', RequestWords),
  ]);
  const crumbs = trailFromHome(
    { title: services.blocks.intro.title, to: href('services') },
    ...serviceTrail(tree, service.path).map((node) => ({ title: node.title, to: href('service', { '*': node.path }) })),
  );
  return { service, crumbs, request };
}
