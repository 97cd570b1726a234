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

const text = css`
  margin: ${space[5]} 0 0;
  font-size: ${fontSizes.lg};
  line-height: ${lineHeights.body};
  color: ${colors.onNavyMuted};
`;

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

/**
 * The dark "let's talk" block with an inline form: the home page's `discuss-the-project` (§9
 * anchor, the target of the header's call-to-action from 1280 px), and the same block at the end
 * of service pages with the service type preset.
 */
export function RequestSection({
  anchor,
  headingId,
  title,
  intro,
  email,
  footnote,
  children,
}: {
  readonly anchor: string;
  readonly headingId: string;
  readonly title: string;
  readonly intro: string;
  readonly email?: string;
  readonly footnote?: string;
  /** The form. */
  readonly children: ReactNode;
}) {
  return (
    <Section id={anchor} tone="dark" labelledBy={headingId}>
      <div css={layoutStyles}>
        <div>
          <Heading level={2} id={headingId}>
            {title}
          </Heading>
          <p css={text}>{intro}</p>
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
