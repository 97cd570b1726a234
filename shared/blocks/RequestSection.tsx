import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors, fontSizes, lineHeights, mq, space } from '../theme/theme.ts';
import { Heading } from '../ui/Heading.tsx';
import { Link } from '../ui/Link.tsx';
import { Section } from '../ui/Section.tsx';
import { splitGrid } from '../ui/layoutStyles.ts';

const layoutStyles = css`
  ${splitGrid({ left: 5, right: 7, gap: space[7], wideGap: space[9], align: 'start' })}
  & h2 { margin: 0; max-width: 14ch; }
`;

const evenLayoutStyles = css`${splitGrid({ left: 6, right: 6, gap: space[7], wideGap: space[9], align: 'start' })} & h2 { margin: 0; }`;

const text = css`margin: ${space[5]} 0 0; font-size: ${fontSizes.lg}; line-height: ${lineHeights.body}; color: ${colors.onNavyMuted};`;

const mail = css`
  display: inline-block;
  margin-top: ${space[5]};
  font-size: ${fontSizes.xl};
  font-weight: 700;
  color: ${colors.white};
  text-underline-offset: 0.2em;
  &:hover { color: ${colors.accent}; }
`;

const note = css`
  margin: ${space[5]} 0 0;
  padding-top: ${space[5]};
  border-top: 1px solid rgba(255, 255, 255, 0.16);
  font-size: ${fontSizes.sm};
  color: ${colors.onNavyMuted};
`;

const panel = css`
  padding: ${space[5]};
  border-radius: 24px;
  background: ${colors.white};
  color: ${colors.ink};
  ${mq.md} { padding: ${space[7]}; }
`;

/** The dark "let's talk" block with an inline form (home's `discuss-the-project`, service pages, career). */
export function RequestSection({
  anchor,
  headingId,
  title,
  intro,
  details,
  even = false,
  email,
  footnote,
  children,
}: {
  readonly anchor: string;
  readonly headingId: string;
  readonly title: string;
  readonly intro: string;
  /** Facts under the intro (the internship's duration, format and directions). */
  readonly details?: ReactNode;
  /** Text and form in equal halves, for a text with details; else the form is the wider. */
  readonly even?: boolean;
  readonly email?: string;
  readonly footnote?: string;
  /** The form. */
  readonly children: ReactNode;
}) {
  return (
    <Section id={anchor} tone="dark" labelledBy={headingId}>
      <div css={even ? evenLayoutStyles : layoutStyles}>
        <div>
          <Heading level={2} id={headingId}>
            {title}
          </Heading>
          <p css={text}>{intro}</p>
          {details}
          {email ? (
            <Link css={mail} to={`mailto:${email}`}>
              {email}
            </Link>
          ) : null}
          {footnote ? <p css={note}>{footnote}</p> : null}
        </div>
        <div css={panel}>{children}</div>
      </div>
    </Section>
  );
}
