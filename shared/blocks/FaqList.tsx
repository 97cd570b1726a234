import { css } from '@emotion/react';
import type { FaqItem } from '../content/contentApi.ts';
import { colors, durations, easing, fontSizes, fontWeights, lineHeights, mq, space } from '../theme/theme.ts';

const list = css`margin: 0; border-top: 1px solid ${colors.border};`;

const item = css`
  border-bottom: 1px solid ${colors.border};
  & summary {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: ${space[4]};
    padding: ${space[5]} 0;
    cursor: pointer;
    list-style: none;
    font-size: ${fontSizes.xl};
    font-weight: ${fontWeights.semibold};
    line-height: ${lineHeights.heading};
  }
  & summary::-webkit-details-marker { display: none; }
  & summary::after {
    content: '+';
    flex: none;
    display: grid;
    place-items: center;
    width: 2rem;
    height: 2rem;
    border-radius: 50%;
    border: 1px solid ${colors.borderStrong};
    font-size: 1.25rem;
    line-height: 1;
    ${mq.motionOk} { transition: transform ${durations.base}ms ${easing.standard}; }
  }
  &[open] summary::after { transform: rotate(45deg); }
  & summary:hover { color: ${colors.link}; }
  & summary:focus-visible { outline: 3px solid ${colors.link}; outline-offset: 4px; }
  & p {
    margin: 0;
    padding: 0 0 ${space[5]};
    max-width: 70ch;
    color: ${colors.inkMuted};
    font-size: ${fontSizes.lg};
    line-height: ${lineHeights.body};
  }
`;

/** Questions and answers as native `<details>`, working without script; the first starts open. */
export function FaqList({ items }: { readonly items: readonly FaqItem[] }) {
  return (
    <div css={list}>
      {items.map((faq, index) => (
        <details css={item} key={faq.question} open={index === 0}>
          <summary>{faq.question}</summary>
          <p>{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
