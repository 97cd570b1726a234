import { requireService } from '../../page-kit/guards.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords } from '../pageWords.ts';
import { serviceTrail } from '../../content/serviceTrail.ts';
import { RequestWords, ServicesIntroWords } from './serviceWords.ts';
import { href } from '../../routes/links.ts';
import { trailFromHome } from '../../routes/trail.ts';

export type ServiceData = Awaited<ReturnType<typeof loader>>;

// §2: /services/{path} is a catch-all resolved against the content service's service tree.
export async function loader({ params, context }: PageLoaderArgs) {
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
