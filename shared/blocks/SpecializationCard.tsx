import { css } from '@emotion/react';
import type { Specialization } from '../content/contentApi.ts';
import { href } from '../routes/links.ts';
import { colors, radii, space } from '../theme/theme.ts';
import { CardGrid } from './CardGrid.tsx';
import { card, cardText } from './cardStyles.ts';
import { CardTitle, type CardHeading } from './CardTitle.tsx';

/** §3 "link is url, or /projects/{slug}" (decision 011). */
export function specializationHref(specialization: Specialization): string {
  return specialization.url ?? href('projects-industry', { slug: specialization.slug });
}

const box = css`
  padding: ${space[5]};
  border: 1px solid ${colors.border};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  &:hover { border-color: ${colors.link}; }
`;

/** §3 Specialization card: title (the link), description. */
export function SpecializationCard({
  specialization,
  headingLevel = 'h3',
}: {
  readonly specialization: Specialization;
  readonly headingLevel?: CardHeading;
}) {
  return (
    <article css={[card, box]} data-specialization={specialization.slug}>
      <CardTitle level={headingLevel} to={specializationHref(specialization)}>
        {specialization.title}
      </CardTitle>
      <p css={cardText}>{specialization.description}</p>
    </article>
  );
}

/** The agency's specializations as a grid of cards (home, projects overview). */
export function SpecializationList({
  specializations,
  headingLevel,
}: {
  readonly specializations: readonly Specialization[];
  readonly headingLevel?: CardHeading;
}) {
  return (
    <CardGrid
      items={specializations}
      card={(specialization) => <SpecializationCard specialization={specialization} headingLevel={headingLevel} />}
    />
  );
}
