import { css } from '@emotion/react';
import { InternshipForm } from '../../forms/lazyForms.tsx';
import { RequestSection } from '../../blocks/RequestSection.tsx';
import { colors, fontSizes, fontWeights, radii, space } from '../../theme/theme.ts';
import { bareList } from '../../ui/layoutStyles.ts';

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
    <RequestSection
      anchor={block.anchor}
      headingId="career-internship"
      title={block.title}
      intro={block.text}
      even
      details={
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
      }
    >
      <InternshipForm />
    </RequestSection>
  );
}
