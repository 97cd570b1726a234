import { css } from '@emotion/react';
import { Link } from '../../ui/Link.tsx';
import { colors, durations, easing, fontSizes, fontWeights, lineHeights, mq, space } from '../../theme/theme.ts';
import { bareList } from '../../ui/layoutStyles.ts';

const list = css`counter-reset: service; ${bareList} border-top: 1px solid ${colors.ink};`;

const row = css`
  counter-increment: service;
  position: relative;
  display: grid;
  grid-template-columns: 1fr;
  gap: ${space[2]};
  padding: ${space[5]} 0;
  border-bottom: 1px solid ${colors.border};
  ${mq.md} { grid-template-columns: 4rem minmax(0, 1fr) minmax(0, 1.3fr); gap: ${space[5]}; align-items: baseline; padding: ${space[6]} 0; }
  &::before {
    content: counter(service, decimal-leading-zero);
    color: ${colors.inkMuted};
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.semibold};
  }
  & h3 { margin: 0; font-size: ${fontSizes.h3}; font-weight: ${fontWeights.bold}; line-height: ${lineHeights.heading}; }
  & a { color: ${colors.ink}; text-decoration: none; }
  & a::after { content: ''; position: absolute; inset: 0; }
  & a:focus-visible { outline: none; }
  & a:focus-visible::after { outline: 3px solid ${colors.link}; outline-offset: 2px; }
  & p { margin: 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body}; }
  ${mq.motionOk} { & h3 { transition: transform ${durations.base}ms ${easing.standard}, color ${durations.base}ms; } }
  ${mq.hover} { &:hover h3 { color: ${colors.link}; transform: translateX(6px); } }
`;

/** The home page's service directions: a numbered list of large rows, each a link. */
export function ServiceList({
  items,
}: {
  readonly items: readonly { readonly title: string; readonly text: string; readonly url: string }[];
}) {
  return (
    <ul css={list}>
      {items.map((item) => (
        <li css={row} key={item.url}>
          <h3>
            <Link to={item.url}>{item.title}</Link>
          </h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
