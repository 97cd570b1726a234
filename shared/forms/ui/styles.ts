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
  a { color: ${colors.link}; }
`;

export const fileListStyles = css`
  margin: 0;
  padding-left: ${space[5]};
  font-size: ${fontSizes.sm};
  color: ${colors.inkMuted};
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
