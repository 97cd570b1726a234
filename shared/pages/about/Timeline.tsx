import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, mq, space } from '../../theme/theme.ts';
import { bareList } from '../../ui/layoutStyles.ts';

const list = css`${bareList} border-left: 2px solid ${colors.border}; ${mq.md} { border-left: 0; }`;

const item = css`
  position: relative;
  display: grid;
  gap: ${space[2]};
  padding: 0 0 ${space[6]} ${space[5]};
  ${mq.md} {
    grid-template-columns: 8rem minmax(0, 1fr);
    gap: ${space[6]};
    padding: ${space[5]} 0;
    border-top: 1px solid ${colors.border};
  }
  &::before {
    content: '';
    position: absolute;
    left: -7px;
    top: 0.35rem;
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: ${colors.accent};
    ${mq.md} { display: none; }
  }
  & h3 { margin: 0 0 ${space[2]}; font-size: ${fontSizes.xl}; font-weight: ${fontWeights.bold}; }
  & p { margin: 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body}; max-width: 65ch; }
`;

const year = css`font-size: ${fontSizes.h3}; font-weight: ${fontWeights.extrabold}; line-height: 1; color: ${colors.ink};`;

/** The agency's history, year by year. */
export function Timeline({
  items,
}: {
  readonly items: readonly { readonly year: number; readonly title: string; readonly text: string }[];
}) {
  return (
    <ol css={list}>
      {items.map((entry) => (
        <li css={item} key={`${entry.year}-${entry.title}`}>
          <span css={year}>{entry.year}</span>
          <div>
            <h3>{entry.title}</h3>
            <p>{entry.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
