import { css } from '@emotion/react';
import { ButtonLink } from '../ui/Button.tsx';

const wrap = css`
  display: flex;
  justify-content: flex-start;
`;

/**
 * The subscription form placed inside a page. Until the lead-capture form component is in
 * place this leads to the subscription page's form.
 */
export function InlineSubscribeForm() {
  return (
    <div css={wrap}>
      <ButtonLink to="/subscribe/#subscribe-email" size="lg" variant="inverse" arrow>Подписаться</ButtonLink>
    </div>
  );
}
