import { css } from '@emotion/react';
import type { ButtonHTMLAttributes, PointerEvent, ReactNode, Ref } from 'react';
import { colors, durations, easing, fontSizes, fontWeights, layout, minWidth, radii, space } from '../theme/theme.ts';
import { useConfetti } from './Confetti.tsx';
import { Link, type LinkProps } from './Link.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'inverse';
export type ButtonSize = 'md' | 'lg';

interface ButtonLookProps {
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  /** §9 "Button arrow image shown from width 720". */
  readonly arrow?: boolean;
  /** §9 confetti burst on hover (the call-to-action buttons). */
  readonly confetti?: boolean;
  /** A second, smaller line under the label (§2 CTA "Просто заполните форму"). */
  readonly secondaryLabel?: ReactNode;
}

const base = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space[3]};
  min-height: 48px;
  padding: ${space[3]} ${space[5]};
  border: 2px solid transparent;
  border-radius: ${radii.pill};
  font-weight: ${fontWeights.semibold};
  font-size: ${fontSizes.md};
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition: background-color ${durations.fast}ms ${easing.standard}, color ${durations.fast}ms ${easing.standard},
    border-color ${durations.fast}ms ${easing.standard}, transform ${durations.fast}ms ${easing.standard};
  &:active { transform: translateY(1px); }
  &:disabled, &[aria-disabled='true'] { opacity: 0.55; cursor: not-allowed; transform: none; }
`;

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${colors.accent};
    color: ${colors.navy};
    &:hover:not(:disabled) { background: ${colors.accentHover}; color: ${colors.navy}; }
  `,
  secondary: css`
    background: transparent;
    color: ${colors.navy};
    border-color: ${colors.navy};
    &:hover:not(:disabled) { background: ${colors.navy}; color: ${colors.white}; }
  `,
  inverse: css`
    background: ${colors.white};
    color: ${colors.navy};
    &:hover:not(:disabled) { background: ${colors.accent}; color: ${colors.navy}; }
  `,
};

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  md: css``,
  lg: css`min-height: 56px; padding: ${space[4]} ${space[6]}; font-size: ${fontSizes.lg};`,
};

const labelStyles = css`display: inline-flex; flex-direction: column; align-items: flex-start; text-align: left;`;
const secondaryStyles = css`font-size: ${fontSizes.xs}; font-weight: ${fontWeights.medium}; opacity: 0.85;`;

const arrowStyles = css`
  display: none;
  flex: none;
  width: 1.5em;
  height: 1.5em;
  transition: transform ${durations.base}ms ${easing.standard};
  ${minWidth(layout.buttonArrowMinWidth)} { display: block; }
  *:hover > & { transform: translateX(4px); }
`;

/** The arrow image of §9, decorative. */
export function ButtonArrow() {
  return (
    <svg css={arrowStyles} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-button-arrow="">
      <path d="M4 12h15m-6-6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** What a button and a button-looking link share: the look, the confetti, the label with its second line and arrow. */
function useButtonParts<Element extends HTMLElement, Props extends ButtonLookProps>({
  variant = 'primary',
  size = 'md',
  confetti = false,
  secondaryLabel,
  arrow,
  children,
  onPointerEnter,
  ...rest
}: Props & { readonly children?: ReactNode; readonly onPointerEnter?: ((event: PointerEvent<Element>) => void) | undefined }) {
  const burst = useConfetti();
  return {
    attributes: {
      css: [base, variants[variant], sizes[size]],
      'data-button': '',
      onPointerEnter: (event: PointerEvent<Element>) => {
        if (confetti) burst.onPointerEnter(event);
        onPointerEnter?.(event);
      },
      ...rest,
    },
    content: (
      <>
        {secondaryLabel ? (
          <span css={labelStyles}>
            <span>{children}</span>
            <span css={secondaryStyles}>{secondaryLabel}</span>
          </span>
        ) : (
          <span>{children}</span>
        )}
        {arrow ? <ButtonArrow /> : null}
        {confetti ? burst.layer : null}
      </>
    ),
  };
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLookProps {
  readonly ref?: Ref<HTMLButtonElement>;
  readonly children: ReactNode;
}

export function Button({ type = 'button', ...props }: ButtonProps) {
  const { attributes, content } = useButtonParts<HTMLButtonElement, typeof props>(props);
  return (
    <button type={type} {...attributes}>
      {content}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, ButtonLookProps {}

/** A link that looks like a button (navigation is a link, an action is a button). */
export function ButtonLink(props: ButtonLinkProps) {
  const { attributes, content } = useButtonParts<HTMLAnchorElement, ButtonLinkProps>(props);
  return <Link {...attributes}>{content}</Link>;
}
