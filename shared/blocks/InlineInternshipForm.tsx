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
 * The internship application inside the career page. Until the lead-capture form component is
 * in place this writes to the vacancies address.
 */
export function InlineInternshipForm({ submitLabel, email }: { readonly submitLabel: string; readonly email: string }) {
  return (
    <div>
      <p css={text}>Расскажите о себе и приложите резюме или ссылку на портфолио.</p>
      <ButtonLink to={`mailto:${email}`} size="lg" arrow>{submitLabel}</ButtonLink>
    </div>
  );
}
