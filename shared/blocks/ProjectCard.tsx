import { css } from '@emotion/react';
import type { ProjectSummary } from '../content/contentApi.ts';
import { Link } from '../ui/Link.tsx';
import { colors, fontSizes, fontWeights, space } from '../theme/theme.ts';
import { card, cardMedia, cardText, chip, chipRow } from './cardStyles.ts';
import { CardTitle, type CardHeading } from './CardTitle.tsx';
import { CoverImage } from './CoverImage.tsx';
import { href } from '../routes/links.ts';

const result = css`
  display: flex;
  align-items: baseline;
  gap: ${space[2]};
  margin: auto 0 0;
  padding-top: ${space[3]};
  border-top: 1px solid ${colors.border};
  color: ${colors.inkMuted};
  font-size: ${fontSizes.sm};
  & strong { color: ${colors.ink}; font-size: ${fontSizes.xl}; font-weight: ${fontWeights.extrabold}; white-space: nowrap; }
`;

const client = css`margin: 0; font-size: ${fontSizes.sm}; color: ${colors.inkMuted};`;

/** One case study in a list (home, portfolio, service page, related projects). */
export function ProjectCard({
  project,
  headingLevel = 'h2',
  showIndustry = true,
}: {
  readonly project: ProjectSummary;
  readonly headingLevel?: CardHeading;
  readonly showIndustry?: boolean;
}) {
  const [headline] = project.results;
  return (
    <article css={card}>
      <div css={cardMedia}>
        <CoverImage src={project.cover} />
      </div>
      {showIndustry ? (
        <ul css={chipRow} aria-label="Отрасль">
          <li>
            <Link css={chip} to={href('projects-industry', { slug: project.industry.slug })}>
              {project.industry.title}
            </Link>
          </li>
          <li>
            <span css={chip}>{project.year}</span>
          </li>
        </ul>
      ) : null}
      <CardTitle level={headingLevel} to={href('project', { slug: project.slug })}>
        {project.title}
      </CardTitle>
      <p css={client}>{project.client}</p>
      <p css={cardText}>{project.description}</p>
      {headline ? (
        <p css={result}>
          <strong>{headline.value}</strong>
          <span>{headline.label}</span>
        </p>
      ) : null}
    </article>
  );
}
