import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, mq, radii, space } from '../../theme/theme.ts';

const card = css`
  position: relative;
  overflow: hidden;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space[5]};
  margin: 0;
  padding: ${space[6]};
  border-radius: ${radii.xl};
  background: ${colors.navy};
  color: ${colors.white};
  ${mq.lg} { padding: ${space[7]}; }
  /* The warm glow of the home hero, so a service page reads as part of the same site. */
  &::before {
    content: '';
    position: absolute;
    inset: 0;
    background: radial-gradient(20rem 14rem at 100% 0%, rgba(255, 122, 61, 0.28), transparent 70%);
    pointer-events: none;
  }
  & > * { position: relative; }
  & div { display: flex; flex-direction: column-reverse; gap: ${space[1]}; }
  & div + div { padding-top: ${space[5]}; border-top: 1px solid rgba(255, 255, 255, 0.16); }
  & dt { color: ${colors.onNavyMuted}; font-size: ${fontSizes.sm}; }
  & dd { margin: 0; font-size: ${fontSizes.h3}; font-weight: ${fontWeights.extrabold}; line-height: ${lineHeights.tight}; }
`;

/** Price guidance and timeline beside the top of a service page. */
export function PriceFacts({ price, timeline }: { readonly price: string; readonly timeline: string }) {
  return (
    <dl css={card} data-surface="dark">
      <div>
        <dt>Стоимость</dt>
        <dd>{price}</dd>
      </div>
      <div>
        <dt>Сроки</dt>
        <dd>{timeline}</dd>
      </div>
    </dl>
  );
}
