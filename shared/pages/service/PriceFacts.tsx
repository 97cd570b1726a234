import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, mq, space } from '../../theme/theme.ts';

const facts = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[5]} ${space[8]};
  margin: ${space[7]} 0 0;
  padding-top: ${space[5]};
  border-top: 1px solid ${colors.border};
  ${mq.lg} { max-width: 48rem; }
  & div { display: flex; flex-direction: column-reverse; gap: ${space[1]}; }
  & dt { color: ${colors.inkMuted}; font-size: ${fontSizes.sm}; }
  & dd { margin: 0; font-size: ${fontSizes.xl}; font-weight: ${fontWeights.bold}; }
`;

/** Price guidance and timeline at the top of a service page. */
export function PriceFacts({ price, timeline }: { readonly price: string; readonly timeline: string }) {
  return (
    <dl css={facts}>
      <div><dt>Стоимость</dt><dd>{price}</dd></div>
      <div><dt>Сроки</dt><dd>{timeline}</dd></div>
    </dl>
  );
}
