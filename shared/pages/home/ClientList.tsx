import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, mq, space } from '../../theme/theme.ts';
import { bareList } from '../../ui/layoutStyles.ts';

const list = css`
  ${bareList}
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  border-top: 1px solid ${colors.border};
  border-left: 1px solid ${colors.border};
  & li {
    display: flex;
    align-items: center;
    min-height: 6rem;
    padding: ${space[4]} ${space[5]};
    border-right: 1px solid ${colors.border};
    border-bottom: 1px solid ${colors.border};
    font-size: ${fontSizes.lg};
    font-weight: ${fontWeights.semibold};
    color: ${colors.ink};
    /* A client's name is one long word at times («СеверТрансЛогистик»): it breaks inside rather
       than push the card, and the page, sideways, whatever the font's widths. */
    min-width: 0;
    overflow-wrap: anywhere;
    ${mq.lg} { min-height: 7.5rem; }
  }
`;

/** Clients as a wall of names (no logos: names are what the content service has). */
export function ClientList({ clients }: { readonly clients: readonly string[] }) {
  return (
    <ul css={list}>
      {clients.map((client) => (
        <li key={client}>{client}</li>
      ))}
    </ul>
  );
}
