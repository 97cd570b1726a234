import { requireService } from '../../routes/guards.ts';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';

// §2: /services/{path} is a catch-all resolved against the content service's service tree.
export async function loader({ params, context }: PageLoaderArgs) {
  const service = await requireService(context, params['*']);
  return { service };
}

export function meta(): PageMeta {
  return { title: 'Услуга' };
}

export default function ServicePage() {
  return <h1>Услуга</h1>;
}
