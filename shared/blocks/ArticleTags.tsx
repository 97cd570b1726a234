import type { ArticleSummary } from '../content/contentApi.ts';
import { href } from '../routes/links.ts';
import { Link } from '../ui/Link.tsx';
import { chip, chipRow } from './cardStyles.ts';

/** An article's tags, each a link to the blog filtered by it (§2 /blog/{tag}); nothing when it has none. */
export function ArticleTags({ tags }: { readonly tags: ArticleSummary['tags'] }) {
  if (tags.length === 0) return null;
  return (
    <ul css={chipRow} aria-label="Теги">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link css={chip} to={href('blog-tag', { slug: tag.slug })}>
            {tag.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
