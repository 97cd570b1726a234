import { css, keyframes } from '@emotion/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { supportsPopover, usePopoverShownWhen } from '../browser/popover.ts';
import { whenIdle } from '../browser/whenIdle.ts';
import { useAppActions, useAppStateValue, type AppStateValues } from './AppState.tsx';
import { useRootData } from '../page-kit/rootData.ts';
import { FORMS, META_FIELDS } from '../forms/definitions.ts';
import { formResultAnchor } from '../forms/formResult.ts';
import { hydrationGate } from '../forms/hydrationGate.tsx';
import { RequestForm } from '../forms/lazyForms.tsx';
import { href } from '../routes/links.ts';
import { colors, durations, easing, mq, radii, shadows, space } from '../theme/theme.ts';
import { useFocusTrap } from '../ui/focusTrap.ts';
import { Heading } from '../ui/Heading.tsx';
import { CloseIcon, panelCloseStyles } from '../ui/CloseIcon.tsx';
import { FEEDBACK_FORM_ID, FEEDBACK_WINDOW_ID } from './feedbackWindow.ts';
import { MODAL_DEFAULTS } from './modalTexts.ts';

const fade = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(16px); } to { opacity: 1; transform: none; }`;

/* The popover is the backdrop: a click beside the panel lands on it, so only the script closes it. */
const windowStyles = css`
  position: fixed;
  inset: 0;
  width: auto;
  height: auto;
  max-width: none;
  max-height: none;
  margin: 0;
  padding: 0;
  border: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  background: rgba(15, 29, 58, 0.6);
  color: ${colors.ink};
  &:popover-open {
    display: flex;
    align-items: flex-end;
    justify-content: center;
    animation: ${fade} ${durations.base}ms ${easing.standard};
  }
  /* A browser without popovers: the app's state shows it (the call-to-action is a link there). */
  @supports not selector(:popover-open) {
    z-index: 400;
    &:not([data-open]) { display: none; }
    &[data-open] { display: flex; align-items: flex-end; justify-content: center; }
  }
  ${mq.md} { &:popover-open, &[data-open] { align-items: center; padding: ${space[6]}; } }
`;

const panelStyles = css`
  position: relative;
  width: 100%;
  max-height: 100dvh;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${space[7]} ${space[5]} ${space[6]};
  background: ${colors.surface};
  border-radius: ${radii.lg} ${radii.lg} 0 0;
  box-shadow: ${shadows.raised};
  animation: ${rise} ${durations.base}ms ${easing.emphasized};
  &:focus { outline: none; }
  ${mq.md} { max-width: 640px; max-height: calc(100dvh - ${space[8]}); border-radius: ${radii.xl}; padding: ${space[7]}; }
`;

const descriptionStyles = css`margin-top: ${space[3]}; color: ${colors.inkMuted};`;
const bodyStyles = css`margin-top: ${space[5]};`;

const TITLE_ID = `${FEEDBACK_WINDOW_ID}-title`;
const DESCRIPTION_ID = `${FEEDBACK_WINDOW_ID}-description`;

/** The texts and preset of the latest opening (§3 modal state). */
interface FeedbackTexts {
  readonly title: string;
  readonly description: string;
  readonly serviceType: string | undefined;
}

const DEFAULT_TEXTS: FeedbackTexts = { ...MODAL_DEFAULTS.feedback, serviceType: undefined };

const feedbackOpen = (modal: AppStateValues['modal']) => modal.isModalActive && modal.activeFormName === 'feedback';

/** The window's form hydrates after the page, when wanted (decision 041). */
const formGate = hydrationGate();

/** Memoised: the window's own renders leave the form, and a form still behind its gate, alone. */
const WindowForm = memo(function WindowForm(props: WindowFormProps) {
  return (
    <formGate.Boundary>
      <PresetAfterHydration {...props} />
    </formGate.Boundary>
  );
});

interface WindowFormProps {
  readonly serviceType: string | undefined;
  readonly onSuccess: () => void;
}

/** The first render matches the server's HTML, without a preset; the preset comes after, set and checked (§3). */
function PresetAfterHydration({ serviceType, onSuccess }: WindowFormProps) {
  const [preset, setPreset] = useState<string | undefined>(undefined);
  useEffect(() => setPreset(serviceType), [serviceType]);
  return useMemo(() => <RequestForm id={FEEDBACK_FORM_ID} serviceType={preset} onSuccess={onSuccess} />, [preset, onSuccess]);
}

/**
 * The feedback modal of §3/§4 as a native popover (decision 041), rendered closed in every page and
 * opened by `popovertarget` buttons before and without any script (the form posts as HTML, 030);
 * closed, its fields keep what was typed. Hydrated, it syncs the browser's and the app's state both
 * ways, traps focus and gives it back to its opener.
 */
export function FeedbackWindow() {
  const modal = useAppStateValue((values) => values.modal);
  const { openModal, closeModal } = useAppActions();
  const element = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [shown, setShown] = useState(false);
  const texts = useLatestTexts(modal);
  // On the page a request posted without JavaScript returned to.
  const { formResult } = useRootData();
  const { key: locationKey } = useLocation();
  const resultOnPage = formResult?.form === 'request' && locationKey === 'default';
  const close = useCallback(() => {
    hide(element.current);
    closeModal();
  }, [closeModal]);
  // Opened by the app, the form hydrates in this very render.
  if (feedbackOpen(modal)) formGate.open();
  useFormGateOpening();
  useFocusTrap(element, { active: shown, onEscape: close, returnFocus: opener });
  useBrowserStateIntoApp(element, opener, setShown, openModal, closeModal);
  usePopoverShownWhen(element, feedbackOpen(modal));
  useCloseOnNavigation(element);

  const closeOnBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    // Focus stays (then goes back to the opener) rather than moving to the page behind.
    event.preventDefault();
    close();
  };

  return (
    <div
      ref={element}
      id={FEEDBACK_WINDOW_ID}
      popover="auto"
      role="dialog"
      aria-modal="true"
      aria-labelledby={TITLE_ID}
      aria-describedby={DESCRIPTION_ID}
      css={windowStyles}
      data-feedback-window=""
      data-open={feedbackOpen(modal) ? '' : undefined}
      onMouseDown={closeOnBackdrop}
    >
      <div css={panelStyles} tabIndex={-1}>
        {/* Closes natively too, before and without JavaScript. */}
        <button
          type="button"
          css={panelCloseStyles}
          popoverTarget={FEEDBACK_WINDOW_ID}
          popoverTargetAction="hide"
          aria-label="Закрыть окно"
          onClick={close}
        >
          <CloseIcon />
        </button>
        <Heading level={2} size="h3" id={TITLE_ID}>
          {texts.title}
        </Heading>
        <p id={DESCRIPTION_ID} css={descriptionStyles}>
          {texts.description}
        </p>
        <div css={bodyStyles}>
          {resultOnPage ? (
            // The page's form shows what the post without JavaScript led to (decision 030).
            <p>
              <a href={`#${formResultAnchor('request')}`} onClick={close}>
                {FORMS.request.title}
              </a>
            </p>
          ) : (
            <>
              <WindowForm serviceType={texts.serviceType} onSuccess={close} />
              {/* Without JavaScript the request page's form shows the answer (decision 030). */}
              <input type="hidden" form={FEEDBACK_FORM_ID} name={META_FIELDS.page} value={href('request')} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Opens the form's gate at the first idle moment or the first interaction anywhere (any render may
 * reach a waiting form). The form's code is asked for at once: only its hydration waits.
 */
function useFormGateOpening(): void {
  useEffect(() => {
    if (formGate.isOpen()) return undefined;
    void RequestForm.preload().catch(() => undefined);
    const interactions = ['pointerdown', 'keydown', 'focusin'] as const;
    const stop = () => {
      for (const type of interactions) document.removeEventListener(type, open, true);
      window.removeEventListener('popstate', open);
    };
    function open() {
      formGate.open();
      stop();
    }
    for (const type of interactions) document.addEventListener(type, open, { capture: true, passive: true });
    window.addEventListener('popstate', open);
    whenIdle(open);
    return stop;
  }, []);
}

function hide(element: HTMLElement | null): void {
  if (element !== null && supportsPopover() && element.matches(':popover-open')) element.hidePopover();
}

/** The texts of the latest opening by the app. */
function useLatestTexts(modal: AppStateValues['modal']): FeedbackTexts {
  const [texts, setTexts] = useState(DEFAULT_TEXTS);
  const open = feedbackOpen(modal);
  const { activeFormTitle, activeFormDescription, activeFormServiceType } = modal;
  useEffect(() => {
    if (!open) return;
    const next: FeedbackTexts = {
      title: activeFormTitle ?? DEFAULT_TEXTS.title,
      description: activeFormDescription ?? DEFAULT_TEXTS.description,
      serviceType: activeFormServiceType ?? undefined,
    };
    setTexts((current) =>
      current.title === next.title && current.description === next.description && current.serviceType === next.serviceType ? current : next,
    );
  }, [open, activeFormTitle, activeFormDescription, activeFormServiceType]);
  return texts;
}

/**
 * The browser's state into the app's (also opened before hydration). The opener is noted for the
 * focus to go back to in every engine (a tap does not focus a button in Safari).
 */
function useBrowserStateIntoApp(
  element: RefObject<HTMLDivElement | null>,
  opener: RefObject<HTMLElement | null>,
  setShown: (shown: boolean) => void,
  openModal: ReturnType<typeof useAppActions>['openModal'],
  closeModal: () => void,
): void {
  const modal = useAppStateValue((values) => values.modal);
  const latestModal = useRef(modal);
  useEffect(() => {
    latestModal.current = modal;
  }, [modal]);
  useEffect(() => {
    const window = element.current;
    if (window === null || !supportsPopover()) return;
    const noteOpener = (event: Event) => {
      const control = event.target instanceof Element ? event.target.closest(`[popovertarget="${FEEDBACK_WINDOW_ID}"]`) : null;
      if (control instanceof HTMLElement && !window.contains(control)) opener.current = control;
    };
    const onToggle = (event: Event) => {
      const open = (event as ToggleEvent).newState === 'open';
      setShown(open);
      if (open && !feedbackOpen(latestModal.current)) openModal({ name: 'feedback' });
      if (!open && feedbackOpen(latestModal.current)) closeModal();
    };
    document.addEventListener('click', noteOpener, true);
    window.addEventListener('toggle', onToggle);
    if (window.matches(':popover-open')) {
      setShown(true);
      openModal({ name: 'feedback' });
    }
    return () => {
      document.removeEventListener('click', noteOpener, true);
      window.removeEventListener('toggle', onToggle);
    };
  }, [element, opener, setShown, openModal, closeModal]);
}

/** Any navigation closes the window. */
function useCloseOnNavigation(element: RefObject<HTMLDivElement | null>): void {
  const { key } = useLocation();
  const previousKey = useRef(key);
  useEffect(() => {
    if (key === previousKey.current) return;
    previousKey.current = key;
    hide(element.current);
  }, [key, element]);
}
