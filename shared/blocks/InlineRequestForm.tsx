import { css } from '@emotion/react';
import { colors, fontSizes, lineHeights, space } from '../theme/theme.ts';
import { ButtonLink } from '../ui/Button.tsx';

const text = css`
  margin: 0 0 ${space[5]};
  font-size: ${fontSizes.lg};
  line-height: ${lineHeights.body};
  color: ${colors.inkMuted};
`;

/**
 * The request form placed inside a page (home, service pages), with an optional service type
 * preset (§3 `activeFormServiceType`). Until the lead-capture form component is in place this
 * leads to the request page, which carries the same preset in its query.
 */
export function InlineRequestForm({ serviceType }: { readonly serviceType?: string }) {
  const query = serviceType ? `?serviceType=${encodeURIComponent(serviceType)}` : '';
  return (
    <div>
      <p css={text}>Заполните короткую заявку — это займёт пару минут.</p>
      <ButtonLink to={`/request/${query}`} size="lg" arrow>Оставить заявку</ButtonLink>
    </div>
  );
}
