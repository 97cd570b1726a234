import { css } from '@emotion/react';
import type { Author } from '../../content/contentApi.ts';
import { colors, fontSizes, fontWeights, lineHeights, radii, space } from '../../theme/theme.ts';
import { initials } from '../../format/initials.ts';
import { roundBadge } from '../../ui/layoutStyles.ts';
import { Link } from '../../ui/Link.tsx';
import { href } from '../../routes/links.ts';

const box = css`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${space[4]};
  padding: ${space[5]};
  border-radius: ${radii.lg};
  background: ${colors.surfaceAlt};
  & p { margin: 0; }
`;

const monogram = css`${roundBadge('3.5rem')} background: ${colors.navy}; color: ${colors.white}; font-weight: ${fontWeights.bold};`;

const name = css`
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  & a { color: ${colors.ink}; }
  & a:hover { color: ${colors.link}; }
`;

const position = css`color: ${colors.inkMuted}; font-size: ${fontSizes.sm};`;

const bio = css`grid-column: 1 / -1; line-height: ${lineHeights.body};`;

/** «Об авторе» under an article; links to the author's page when they have one (§3). */
export function AuthorCard({ author }: { readonly author: Author }) {
  return (
    <aside css={box} aria-label="Об авторе">
      <span css={monogram} aria-hidden="true">
        {initials(author.name)}
      </span>
      <div>
        <p css={name}>{author.slug ? <Link to={href('blog-author', { id: author.slug })}>{author.name}</Link> : author.name}</p>
        <p css={position}>{author.position}</p>
      </div>
      <p css={bio}>{author.bio}</p>
    </aside>
  );
}
