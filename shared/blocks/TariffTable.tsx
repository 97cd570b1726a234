import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, radii, space } from '../theme/theme.ts';
import { bareList, columnGrid, paddedStack } from '../ui/layoutStyles.ts';

export interface Tariff {
  readonly name: string;
  readonly priceLabel: string;
  readonly timeline: string;
  readonly text: string;
  readonly features: readonly string[];
}

const grid = css`${bareList} ${columnGrid(space[5], { lg: 3 })}`;

const tariff = css`
  ${paddedStack({ gap: space[4], padding: space[6], radius: radii.xl })}
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  & h3 { margin: 0; font-size: ${fontSizes.h4}; font-weight: ${fontWeights.bold}; }
  & ul { display: grid; gap: ${space[3]}; margin: ${space[2]} 0 0; padding: ${space[5]} 0 0; list-style: none; border-top: 1px solid ${colors.border}; }
  & li { position: relative; padding-left: 1.75rem; line-height: ${lineHeights.body}; }
  & li::before {
    content: ''; position: absolute; left: 0.25rem; top: 0.45em; width: 0.6rem; height: 0.35rem;
    border-left: 2px solid currentColor; border-bottom: 2px solid currentColor; transform: rotate(-45deg);
    color: ${colors.success};
  }
`;

const featured = css`
  background: ${colors.navy};
  border-color: ${colors.navy};
  color: ${colors.white};
  & ul { border-top-color: rgba(255, 255, 255, 0.16); }
  & li::before { color: ${colors.accent}; }
  & p { color: ${colors.onNavyMuted}; }
  & p[data-price] { color: ${colors.white}; }
`;

const price = css`
  margin: 0;
  font-size: ${fontSizes.h3};
  font-weight: ${fontWeights.extrabold};
  line-height: ${lineHeights.tight};
  white-space: nowrap;
`;

const muted = css`margin: 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body};`;

/** The formats of work with their starting prices (home, anchor `tariffs`); the middle one set apart. */
export function TariffTable({ tariffs, timelineLabel }: { readonly tariffs: readonly Tariff[]; readonly timelineLabel: string }) {
  const highlighted = Math.floor(tariffs.length / 2);
  return (
    <ul css={grid}>
      {tariffs.map((item, index) => (
        <li css={[tariff, tariffs.length > 2 && index === highlighted && featured]} key={item.name}>
          <h3>{item.name}</h3>
          <p css={price} data-price="">
            {item.priceLabel}
          </p>
          <p css={muted}>
            {timelineLabel}: {item.timeline}
          </p>
          <p css={muted}>{item.text}</p>
          <ul>
            {item.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
