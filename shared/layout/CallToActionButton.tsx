import { useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { GOALS, goalAttributes } from '../analytics/goals.ts';
import { useAppActions } from '../app/AppState.tsx';
import { scrollToAnchor } from '../app/scrollToAnchor.ts';
import { showPendingUntil, tapAttributes, useTapReplay } from '../app/tapReplay.ts';
import { ButtonLink, type ButtonVariant } from '../ui/Button.tsx';
import { modalCodeReady, preloadModal } from './ModalRoot.tsx';
import { callToActionAction, callToActionHref, callToActionLabel, type CallToActionAction } from './callToAction.ts';
import { useRouteName } from './useRouteName.ts';

export interface CallToActionButtonProps {
  readonly placement: 'header' | 'burger';
  readonly variant?: ButtonVariant;
  /** Show the secondary label of §2 (wide header, burger menu). */
  readonly showSecondary?: boolean;
  readonly className?: string;
}

/**
 * The call-to-action of §2/§4: label by route, behaviour by route, width and placement
 * (see `callToAction.ts`). A link to the form or block it leads to until its code has hydrated
 * (`callToActionHref`, docs/decisions/017), so it works without JavaScript and a tap before
 * hydration is replayed (tapReplay.ts). In the burger menu the menu closes first, then the action runs once
 * the page can scroll again.
 */
export function CallToActionButton({ placement, variant = 'primary', showSecondary = false, className }: CallToActionButtonProps) {
  const route = useRouteName();
  const { openModal, setBurgerOpen } = useAppActions();
  const navigate = useNavigate();
  const { label, secondaryLabel } = callToActionLabel(route);
  const link = useRef<HTMLAnchorElement>(null);
  useTapReplay(link);
  const isDiscussProject = route !== 'career' && route !== 'referral' && route !== 'success-request';

  const run = (action: CallToActionAction): void => {
    if (action.kind === 'modal') {
      // The modal's chunk may still be on its way (a tap just after hydration): the button shows
      // the tap was taken until it is there (docs/decisions/031).
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

  return (
    <ButtonLink
      ref={link}
      to={callToActionHref(route)}
      variant={variant}
      arrow
      confetti
      secondaryLabel={showSecondary ? secondaryLabel : undefined}
      onClick={onClick}
      // The modal's code, in case this action opens it (ModalRoot.tsx).
      onPointerEnter={preloadModal}
      onFocus={preloadModal}
      className={className}
      data-cta={placement}
      {...tapAttributes('cta')}
      {...(placement === 'header' && isDiscussProject ? goalAttributes(GOALS.headerDiscussProject) : {})}
    >
      {label}
    </ButtonLink>
  );
}
