import { requireAuthor } from '../../routes/guards.ts';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';

// §2: numeric ids were redirected by `redirect-author`; a slug must name an author with a page.
export async function loader({ params, context }: PageLoaderArgs) {
  const author = await requireAuthor(context, params.id);
  return { author };
}

export function meta(): PageMeta {
  return { title: 'Автор' };
}

export default function AuthorPage() {
  return <h1>Автор</h1>;
}
