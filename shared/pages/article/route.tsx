import { requireArticle } from '../../routes/guards.ts';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';

export async function loader({ params, context }: PageLoaderArgs) {
  const article = await requireArticle(context, params.slug);
  return { article };
}

export function meta(): PageMeta {
  return { title: 'Статья' };
}

export default function ArticlePage() {
  return <h1>Статья</h1>;
}
