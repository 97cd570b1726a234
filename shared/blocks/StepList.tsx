import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, mq, space } from '../theme/theme.ts';

const list = css`
  counter-reset: step;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space[6]} ${space[5]};
  margin: 0;
  padding: 0;
  list-style: none;
  ${mq.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${mq.lg} { grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr)); }
`;

const step = css`
  counter-increment: step;
  position: relative;
  padding-top: ${space[7]};
  &::before {
    content: counter(step);
    position: absolute;
    top: 0;
    left: 0;
    display: grid;
    place-items: center;
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 50%;
    background: ${colors.accent};
    color: ${colors.navy};
    font-weight: ${fontWeights.extrabold};
  }
  & h3 { margin: ${space[3]} 0 ${space[2]}; font-size: ${fontSizes.xl}; font-weight: ${fontWeights.bold}; line-height: ${lineHeights.heading}; }
  & p { margin: 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body}; }
  [data-surface='dark'] & p { color: ${colors.onNavyMuted}; }
`;

/** Numbered steps of a process (hiring, what happens after a request, how referral works). */
export function StepList({ steps }: { readonly steps: readonly { readonly title: string; readonly text: string }[] }) {
  return (
    <ol css={list}>
      {steps.map((item) => (
        <li css={step} key={item.title}>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ol>
  );
}
