import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, mq, space } from '../theme/theme.ts';

export interface TeamMember {
  readonly name: string;
  readonly role: string;
}

const grid = css`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${space[6]} ${space[5]};
  ${mq.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${mq.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  ${mq.lg} { grid-template-columns: repeat(4, minmax(0, 1fr)); }
  margin: 0;
  padding: 0;
  list-style: none;
`;

const member = css`
  display: flex;
  align-items: center;
  gap: ${space[4]};
  ${mq.md} { flex-direction: column; align-items: flex-start; }
`;

const avatar = css`
  flex: none;
  display: grid;
  place-items: center;
  width: 4rem;
  height: 4rem;
  border-radius: 50%;
  background: ${colors.navyRaised};
  color: ${colors.white};
  font-weight: ${fontWeights.bold};
  font-size: ${fontSizes.lg};
  letter-spacing: 0.02em;
  ${mq.md} { width: 5.5rem; height: 5.5rem; font-size: ${fontSizes.xl}; }
`;

const name = css`
  margin: 0;
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  line-height: ${lineHeights.heading};
`;

const role = css`
  margin: ${space[1]} 0 0;
  color: ${colors.inkMuted};
  font-size: ${fontSizes.sm};
  line-height: ${lineHeights.body};
`;

function initials(fullName: string): string {
  return fullName.split(/\s+/).slice(0, 2).map((part) => part.charAt(0)).join('');
}

/** People of the agency with their roles; a monogram stands in for a portrait. */
export function TeamGrid({ members }: { readonly members: readonly TeamMember[] }) {
  return (
    <ul css={grid}>
      {members.map((person) => (
        <li css={member} key={person.name}>
          <span css={avatar} aria-hidden="true">{initials(person.name)}</span>
          <div>
            <p css={name}>{person.name}</p>
            <p css={role}>{person.role}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
