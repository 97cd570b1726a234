import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, mq, space } from '../theme/theme.ts';
import { bareList, columnGrid, roundBadge } from '../ui/layoutStyles.ts';
import { initials } from '../format/initials.ts';

export interface TeamMember {
  readonly name: string;
  readonly role: string;
}

const grid = css`
  ${bareList}
  ${columnGrid(`${space[6]} ${space[5]}`, { sm: 2, md: 3, lg: 4 })}
`;

const member = css`display: flex; align-items: center; gap: ${space[4]}; ${mq.md} { flex-direction: column; align-items: flex-start; }`;

const avatar = css`
  ${roundBadge('4rem')}
  flex: none;
  background: ${colors.navyRaised};
  color: ${colors.white};
  font-weight: ${fontWeights.bold};
  font-size: ${fontSizes.lg};
  letter-spacing: 0.02em;
  ${mq.md} { width: 5.5rem; height: 5.5rem; font-size: ${fontSizes.xl}; }
`;

const name = css`margin: 0; font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; line-height: ${lineHeights.heading};`;

const role = css`margin: ${space[1]} 0 0; color: ${colors.inkMuted}; font-size: ${fontSizes.sm}; line-height: ${lineHeights.body};`;

/** People of the agency with their roles; a monogram stands in for a portrait. */
export function TeamGrid({ members }: { readonly members: readonly TeamMember[] }) {
  return (
    <ul css={grid}>
      {members.map((person) => (
        <li css={member} key={person.name}>
          <span css={avatar} aria-hidden="true">
            {initials(person.name)}
          </span>
          <div>
            <p css={name}>{person.name}</p>
            <p css={role}>{person.role}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
