import { css } from '@emotion/react';
import { plural } from '../../format/russianPlural.ts';
import { colors, fontSizes, fontWeights, radii, space } from '../../theme/theme.ts';
import { bareList, paddedStack } from '../../ui/layoutStyles.ts';

const countStyles = css`font-size: ${fontSizes.md}; font-weight: ${fontWeights.medium}; margin-left: ${space[2]};`;

const grid = css`${bareList} display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 16rem), 1fr)); gap: ${space[4]};`;

const card = css`
  ${paddedStack({ gap: space[2], padding: space[5], radius: radii.lg })}
  background: ${colors.surfaceAlt};
  & h3 { margin: 0; font-size: ${fontSizes.xl}; font-weight: ${fontWeights.bold}; }
  & p { margin: 0; color: ${colors.inkMuted}; }
`;

const count = css`font-size: ${fontSizes.h2}; font-weight: ${fontWeights.extrabold}; line-height: 1; color: ${colors.ink} !important;`;

/** Departments with their size and head. */
export function Departments({
  departments,
}: {
  readonly departments: readonly { readonly title: string; readonly count: number; readonly lead: string }[];
}) {
  return (
    <ul css={grid}>
      {departments.map((department) => (
        <li css={card} key={department.title}>
          <p css={count}>
            {department.count}
            <span css={countStyles}>{plural(department.count, ['человек', 'человека', 'человек'])}</span>
          </p>
          <h3>{department.title}</h3>
          <p>Руководитель — {department.lead}</p>
        </li>
      ))}
    </ul>
  );
}
