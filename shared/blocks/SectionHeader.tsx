import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Heading } from '../ui/Heading.tsx';
import { Section, type SectionProps } from '../ui/Section.tsx';
import { colors, fontSizes, lineHeights, mq, space } from '../theme/theme.ts';

const header = css`
  display: flex;
  flex-direction: column;
  gap: ${space[4]};
  margin-bottom: ${space[7]};
  ${mq.lg} { flex-direction: row; align-items: flex-end; justify-content: space-between; gap: ${space[8]}; }
  & h2 { margin: 0; max-width: 20ch; text-wrap: balance; }
`;

const text = css`
  max-width: 60ch;
  margin: ${space[4]} 0 0;
  font-size: ${fontSizes.lg};
  line-height: ${lineHeights.body};
  color: ${colors.inkMuted};
  [data-surface='dark'] & { color: ${colors.onNavyMuted}; }
`;

/** A section's h2 with its intro text and, on wide screens, an action on the right. */
export function SectionHeader({
  id,
  title,
  intro,
  action,
}: {
  /** Id of the h2, for the section's `aria-labelledby`. */
  readonly id: string;
  readonly title: string;
  readonly intro?: string;
  readonly action?: ReactNode;
}) {
  return (
    <div css={header}>
      <div>
        <Heading level={2} id={id}>
          {title}
        </Heading>
        {intro ? <p css={text}>{intro}</p> : null}
      </div>
      {action ? <div>{action}</div> : null}
    </div>
  );
}

/** A section labelled by its h2, the heading's id given once for both. */
export function HeadedSection({
  headingId,
  title,
  intro,
  action,
  children,
  ...section
}: Omit<SectionProps, 'labelledBy'> & {
  /** Id of the h2 that names the section. */
  readonly headingId: string;
  readonly title: string;
  readonly intro?: string;
  readonly action?: ReactNode;
}) {
  return (
    <Section labelledBy={headingId} {...section}>
      <SectionHeader id={headingId} title={title} intro={intro} action={action} />
      {children}
    </Section>
  );
}
