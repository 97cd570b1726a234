import { css } from '@emotion/react';
import { InternshipForm } from '../../forms/lazyForms.tsx';
import { colors, fontSizes, fontWeights, lineHeights, mq, radii, space } from '../../theme/theme.ts';
import { Heading } from '../../ui/Heading.tsx';
import { Section } from '../../ui/Section.tsx';
import { bareList, splitGrid } from '../../ui/layoutStyles.ts';

const grid = css`
  ${splitGrid({ left: 6, right: 6, gap: space[7], wideGap: space[9], align: 'start' })}
  & h2 { margin: 0; }
`;

const text = css`
  margin: ${space[5]} 0 0;
  color: ${colors.onNavyMuted};
  font-size: ${fontSizes.lg};
  line-height: ${lineHeights.body};
`;

const facts = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space[4]};
  margin: ${space[6]} 0 0;
  & dt { color: ${colors.onNavyMuted}; font-size: ${fontSizes.sm}; }
  & dd { margin: ${space[1]} 0 0; font-weight: ${fontWeights.semibold}; font-size: ${fontSizes.lg}; }
`;

const directions = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[2]};
  ${bareList}
  margin: ${space[2]} 0 0;
  & li {
    padding: ${space[2]} ${space[4]};
    border-radius: ${radii.pill};
    border: 1px solid rgba(255, 255, 255, 0.3);
    font-size: ${fontSizes.sm};
  }
`;

const panel = css`
  padding: ${space[5]};
  border-radius: 24px;
  background: ${colors.white};
  color: ${colors.ink};
  ${mq.md} { padding: ${space[7]}; }
`;

/** §9 anchor `internship`: where the career page's call-to-action scrolls (§4). */
export function Internship({
  block,
}: {
  readonly block: {
    readonly anchor: string;
    readonly title: string;
    readonly text: string;
    readonly duration: string;
    readonly format: string;
    readonly directions: readonly string[];
    readonly cta: { readonly label: string };
  };
}) {
  return (
    <Section id={block.anchor} tone="dark" labelledBy="career-internship">
      <div css={grid}>
        <div>
          <Heading level={2} id="career-internship">
            {block.title}
          </Heading>
          <p css={text}>{block.text}</p>
          <dl css={facts}>
            <div>
              <dt>Длительность</dt>
              <dd>{block.duration}</dd>
            </div>
            <div>
              <dt>Формат</dt>
              <dd>{block.format}</dd>
            </div>
            <div>
              <dt>Направления</dt>
              <dd>
                <ul css={directions}>
                  {block.directions.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
        </div>
        <div css={panel}>
          <InternshipForm />
        </div>
      </div>
    </Section>
  );
}
