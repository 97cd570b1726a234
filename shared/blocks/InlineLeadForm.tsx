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
 * A lead form's place on a page while the lead-capture form component is not there: the
 * explanation and a link that reaches a person (an e-mail or the request page).
 */
export function InlineLeadForm({ intro, label, to }: { readonly intro: string; readonly label: string; readonly to: string }) {
  return (
    <div>
      <p css={text}>{intro}</p>
      <ButtonLink to={to} size="lg" arrow>{label}</ButtonLink>
    </div>
  );
}
