import { css } from '@emotion/react';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../theme/theme.ts';

/** Styles of the lead forms, from the site theme only. */
export const formStyles = css`
  display: grid;
  gap: ${space[4]};
  max-width: 44rem;
`;

export const rowStyles = css`
  display: grid;
  gap: ${space[4]};
  align-items: start;
  @media (min-width: 640px) {
    grid-template-columns: 1fr 1fr;
  }
`;

export const fieldStyles = css`
  display: grid;
  gap: ${space[1]};
  align-content: start;
`;

export const labelStyles = css`
  font-weight: ${fontWeights.semibold};
  font-size: ${fontSizes.sm};
  color: ${colors.ink};
`;

export const requiredMarkStyles = css`
  color: ${colors.danger};
`;

export const controlStyles = css`
  width: 100%;
  min-height: 48px;
  padding: ${space[3]} ${space[4]};
  border: 1px solid ${colors.borderStrong};
  border-radius: ${radii.md};
  background: ${colors.surface};
  color: ${colors.ink};
  font: inherit;
  &:focus-visible { ${focusRing.light} }
  &[aria-invalid='true'] { border-color: ${colors.danger}; border-width: 2px; }
`;

export const textareaStyles = css`
  ${controlStyles};
  min-height: 8rem;
  resize: vertical;
`;

export const hintStyles = css`
  margin: 0;
  font-size: ${fontSizes.xs};
  color: ${colors.inkMuted};
`;

export const errorStyles = css`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.danger};
  font-weight: ${fontWeights.medium};
`;

export const checkboxRowStyles = css`
  display: flex;
  gap: ${space[3]};
  align-items: flex-start;
  font-size: ${fontSizes.sm};
  color: ${colors.ink};
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.15rem;
    flex: none;
    accent-color: ${colors.link};
  }
  input:focus-visible { ${focusRing.light} }
  /* A form sits on a white panel inside a dark section, whose links are white (shared/ui/Section):
     the form's own links keep their colour at a higher specificity than that rule. */
  && a:not([data-button]) { color: ${colors.link}; }
`;

export const fileListStyles = css`
  margin: 0;
  padding-left: ${space[5]};
  font-size: ${fontSizes.sm};
  color: ${colors.inkMuted};
`;

/** The error summary's live region: always in the page, no room taken while empty. */
export const summaryRegionStyles = css`
  /* Out of the form's grid while empty (no gap of its own), and still in the accessibility tree. */
  &:empty { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  p { margin: 0; }
`;

export const summaryListStyles = css`
  margin: ${space[2]} 0 0;
  padding-left: ${space[5]};
  font-weight: ${fontWeights.regular};
  && a:not([data-button]) { color: ${colors.danger}; text-underline-offset: 0.15em; }
  a:focus-visible { ${focusRing.light} }
`;

export const alertStyles = css`
  margin: 0;
  padding: ${space[3]} ${space[4]};
  border-radius: ${radii.md};
  border: 2px solid ${colors.danger};
  color: ${colors.danger};
  background: ${colors.surface};
  font-weight: ${fontWeights.medium};
`;

export const successStyles = css`
  padding: ${space[5]};
  border-radius: ${radii.lg};
  border: 2px solid ${colors.success};
  background: ${colors.surface};
  color: ${colors.ink};
  &:focus-visible { ${focusRing.light} }
  h2, h3 { margin: 0 0 ${space[2]}; color: ${colors.success}; font-size: ${fontSizes.xl}; }
  p { margin: 0; }
`;

/** The form's own status while it sends itself again (an empty region takes no room, and stays announced). */
export const statusStyles = css`
  margin: ${space[3]} 0 0;
  font-size: ${fontSizes.sm};
  color: ${colors.ink};
  &:empty { margin: 0; }
`;
