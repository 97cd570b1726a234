import { css } from '@emotion/react';
import { colors, fontSizes, lineHeights, mq, radii, space } from '../theme/theme.ts';
import { Heading } from '../ui/Heading.tsx';
import { Section } from '../ui/Section.tsx';
import { SubscribeForm } from '../forms/lazyForms.tsx';
import { splitGrid } from '../ui/layoutStyles.ts';

const box = css`
  ${splitGrid({ left: 1, right: 1, gap: space[6], wideGap: space[8], align: 'center' })}
  padding: ${space[6]} ${space[5]};
  border-radius: ${radii.xl};
  background: ${colors.navy};
  color: ${colors.white};
  ${mq.md} { padding: ${space[8]} ${space[7]}; }
  & h2 { margin: 0; }
`;

const text = css`margin: ${space[4]} 0 0; color: ${colors.onNavyMuted}; font-size: ${fontSizes.lg}; line-height: ${lineHeights.body};`;

const panel = css`padding: ${space[5]}; border-radius: ${radii.lg}; background: ${colors.white}; color: ${colors.ink};`;

const footnoteStyles = css`margin: ${space[3]} 0 0; color: ${colors.onNavyMuted}; font-size: ${fontSizes.sm};`;

/** The newsletter block, anchor `subscribe-email` (§9). */
export function SubscribeSection({
  block: { anchor, title, text: intro },
  footnote,
}: {
  readonly block: { readonly anchor: string; readonly title: string; readonly text: string };
  readonly footnote?: string;
}) {
  const headingId = `${anchor}-title`;
  return (
    <Section id={anchor} labelledBy={headingId}>
      <div css={box} data-surface="dark">
        <div>
          <Heading level={2} id={headingId}>
            {title}
          </Heading>
          <p css={text}>{intro}</p>
        </div>
        <div>
          <div css={panel}>
            <SubscribeForm />
          </div>
          {footnote ? <p css={footnoteStyles}>{footnote}</p> : null}
        </div>
      </div>
    </Section>
  );
}
