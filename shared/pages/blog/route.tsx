import { requireBlogTag } from '../../routes/guards.ts';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';

// Serves /blog/ and /blog/{slug}/ (route `blog-tag`): §5, the tag is matched case-insensitively,
// a case mismatch is a 301 to the known slug, an unknown tag is a 404.
export async function loader({ params, context, request }: PageLoaderArgs) {
  const tag = params.slug === undefined ? null : await requireBlogTag(context, params.slug, request);
  return { tag };
}

export function meta(): PageMeta {
  return { title: 'Блог', description: 'Статьи команды «Верфи» о разработке, дизайне и маркетинге.' };
}

export default function BlogPage() {
  return <h1>Блог</h1>;
}
