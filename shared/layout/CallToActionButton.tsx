import { css } from '@emotion/react';
import { useRef, type MouseEvent } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { GOALS, goalAttributes } from '../analytics/goals.ts';
import { useAppActions } from './AppState.tsx';
import { scrollToAnchor } from '../browser/scrollToAnchor.ts';
import { showPendingUntil, tapAttributes, useTapReplay } from '../browser/tapReplay.ts';
import { layout, mq } from '../theme/theme.ts';
import { Button, ButtonLink, type ButtonVariant } from '../ui/Button.tsx';
import { modalCodeReady, preloadModal } from './ModalRoot.tsx';
import {
  callToActionAction,
  callToActionFeedbackWindow,
  callToActionHref,
  callToActionLabel,
  type CallToActionAction,
  type FeedbackWindowWidths,
} from './callToAction.ts';
import { FEEDBACK_WINDOW_ID } from './feedbackWindow.ts';
import { ROUTES, type RouteName } from '../routes/table.ts';

const nameOf = new Map<string, RouteName>(ROUTES.flatMap((route) => ('name' in route ? [[route.id, route.name] as const] : [])));

/** The §2 route name (`career`, `referral`, `subscribe`, `success-request`) of the current page. */
function useRouteName(): RouteName | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const name = nameOf.get(matches[index]!.id);
    if (name) return name;
  }
  return undefined;
}

const DESKTOP = `(min-width: ${layout.ctaInlineMinWidth}px)`;
const BELOW_DESKTOP = `(max-width: ${layout.ctaInlineMinWidth - 0.02}px)`;

/** Both controls are in the HTML; CSS shows the one for the width (§9), the link without popovers. */
const switchStyles: Record<Exclude<FeedbackWindowWidths, 'never'>, ReturnType<typeof css>> = {
  'below-desktop': css`
    display: inline-flex;
    @supports selector(:popover-open) {
      @media ${BELOW_DESKTOP} { > [data-cta-link] { display: none; } }
      @media ${DESKTOP} { > [data-cta-window] { display: none; } }
    }
    @supports not selector(:popover-open) { > [data-cta-window] { display: none; } }
  `,
  always: css`
    display: inline-flex;
    @supports selector(:popover-open) { > [data-cta-link] { display: none; } }
    @supports not selector(:popover-open) { > [data-cta-window] { display: none; } }
  `,
};

/** The header's button is pushed to the right of the header's row (as SiteHeader's own style does). */
const headerPlacement = css`
  margin-left: auto;
  ${mq.lg} { margin-left: 0; }
`;

export interface CallToActionButtonProps {
  readonly placement: 'header' | 'burger';
  readonly variant?: ButtonVariant;
  /** Show the secondary label of §2 (wide header, burger menu). */
  readonly showSecondary?: boolean;
  readonly className?: string;
}

/**
 * The call-to-action of §2/§4 (`callToAction.ts`): a link until its code is live, its tap replayed
 * (decision 017); in the burger menu the menu closes first, the action runs once the page can scroll.
 */
export function CallToActionButton({ placement, variant = 'primary', showSecondary = false, className }: CallToActionButtonProps) {
  const route = useRouteName();
  const { openModal, setBurgerOpen } = useAppActions();
  const navigate = useNavigate();
  const { label, secondaryLabel } = callToActionLabel(route);
  const link = useRef<HTMLAnchorElement>(null);
  const live = useTapReplay(link);
  const isDiscussProject = route !== 'career' && route !== 'referral' && route !== 'success-request';

  const run = (action: CallToActionAction): void => {
    if (action.kind === 'modal') {
      // Shown as taken while the modal's chunk may still be on its way.
      showPendingUntil('cta', modalCodeReady());
      openModal({ name: action.form });
    } else if (action.kind === 'navigate') void navigate(action.to);
    else if (!scrollToAnchor(action.anchor)) run(action.fallback);
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window asked for with a modifier key gets the link's own target.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const action = callToActionAction({ route, viewportWidth: window.innerWidth, fromBurger: placement === 'burger' });
    if (placement === 'burger') {
      setBurgerOpen(false);
      // The menu's scroll lock is released on the next commit; scroll after it.
      requestAnimationFrame(() => run(action));
    } else {
      run(action);
    }
  };

  // From the burger, after the menu closes: opened natively inside its popover, it would close with it.
  const onWindowClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (placement !== 'burger') return;
    event.preventDefault();
    setBurgerOpen(false);
    requestAnimationFrame(() => openModal({ name: 'feedback' }));
  };

  const goal = placement === 'header' && isDiscussProject ? goalAttributes(GOALS.headerDiscussProject) : {};
  const windowWidths = callToActionFeedbackWindow(route);
  const anchor = (
    <ButtonLink
      ref={link}
      to={callToActionHref(route)}
      variant={variant}
      arrow
      confetti
      secondaryLabel={showSecondary ? secondaryLabel : undefined}
      onClick={onClick}
      // The internship modal's code, in case this action opens it (ModalRoot.tsx).
      onPointerEnter={preloadModal}
      onFocus={preloadModal}
      className={className}
      data-cta={windowWidths === 'never' ? placement : undefined}
      data-cta-link=""
      {...tapAttributes('cta')}
      {...goal}
    >
      {label}
    </ButtonLink>
  );
  if (windowWidths === 'never') return anchor;
  // A native opener of the server-rendered feedback window (decision 041); the link where §4 scrolls.
  return (
    <span
      css={[switchStyles[windowWidths], placement === 'header' && headerPlacement]}
      data-cta={placement}
      data-live={live ? '' : undefined}
    >
      <Button
        variant={variant}
        arrow
        confetti
        secondaryLabel={showSecondary ? secondaryLabel : undefined}
        popoverTarget={FEEDBACK_WINDOW_ID}
        aria-haspopup="dialog"
        onClick={onWindowClick}
        className={className}
        data-cta-window=""
        {...goal}
      >
        {label}
      </Button>
      {anchor}
    </span>
  );
}
