import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import type { Crumb } from '../routes/trail.ts';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { Container } from '../ui/Container.tsx';
import { Heading } from '../ui/Heading.tsx';
import { colors, fontSizes, fontWeights, lineHeights, mq, space } from '../theme/theme.ts';
import { splitGrid } from '../ui/layoutStyles.ts';

const eyebrowSpacer = css`height: ${space[6]};`;

const hero = css`
  padding-block: ${space[6]} ${space[8]};
  ${mq.lg} { padding-block: ${space[7]} ${space[9]}; }
  & h1 { margin: 0; max-width: 22ch; text-wrap: balance; }
`;

const eyebrow = css`
  margin: ${space[6]} 0 ${space[4]};
  color: ${colors.inkMuted};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  &::before { content: ''; display: inline-block; width: 1.5rem; height: 2px; margin-right: ${space[3]}; vertical-align: middle; background: ${colors.accent}; }
`;

/** The lead paragraph under a page's h1 (the hero's, and the case study's own header's). */
export const pageLead = css`
  max-width: 60ch;
  margin: ${space[5]} 0 0;
  font-size: ${fontSizes.xl};
  line-height: ${lineHeights.body};
  color: ${colors.inkMuted};
`;

const withSide = splitGrid({ left: 7, right: 4, gap: space[7], wideGap: space[9], align: 'end' });

const actions = css`display: flex; flex-wrap: wrap; align-items: center; gap: ${space[4]}; margin-top: ${space[6]};`;

/** A list page's hero words: filtered, the filter is the h1 and the list's title the label above. */
export function listHeroWords(intro: { readonly title: string; readonly text: string }, filter: { readonly title: string } | null) {
  return filter ? { title: filter.title, eyebrow: intro.title, lead: intro.text } : { title: intro.title, lead: intro.text };
}

/** The top of a page: breadcrumbs, a small label, the page's one h1, the lead and actions. */
export function PageHero({
  title,
  eyebrow: label,
  lead: text,
  crumbs,
  children,
  side,
}: {
  readonly title: string;
  readonly eyebrow?: string;
  readonly lead?: string;
  readonly crumbs?: readonly Crumb[];
  /** Buttons under the lead. */
  readonly children?: ReactNode;
  /** A panel beside the text from 1024 px, under it on narrower screens (price and timeline). */
  readonly side?: ReactNode;
}) {
  return (
    <div css={hero}>
      <Container>
        {crumbs && crumbs.length > 1 ? <Breadcrumbs items={crumbs} /> : null}
        <div css={side ? withSide : undefined}>
          <div>
            {label ? <p css={eyebrow}>{label}</p> : <div css={eyebrowSpacer} />}
            <Heading level={1}>{title}</Heading>
            {text ? <p css={pageLead}>{text}</p> : null}
            {children ? <div css={actions}>{children}</div> : null}
          </div>
          {side}
        </div>
      </Container>
    </div>
  );
}
