import { css, Global, keyframes } from '@emotion/react';
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
import { FEEDBACK_FORM_ID, FEEDBACK_WINDOW_ID } from './feedbackWindow.ts';
import { MODAL_DEFAULTS } from './modalTexts.ts';

const fade = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(16px); } to { opacity: 1; transform: none; }`;

/* The popover is the backdrop, the panel sits in it: a click beside the panel lands on the popover
   itself, so the browser never light-dismisses it by surprise; the script closes it on such a click. */
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

const closeStyles = css`
  position: absolute;
  top: ${space[3]};
  right: ${space[3]};
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${radii.pill};
  background: ${colors.surfaceAlt};
  color: ${colors.ink};
  &:hover { background: ${colors.border}; }
  svg { width: 20px; height: 20px; }
`;

const descriptionStyles = css`margin-top: ${space[3]}; color: ${colors.inkMuted};`;
const bodyStyles = css`margin-top: ${space[5]};`;

/* Open, before and after hydration, the window locks the page's scroll as the burger's menu does
   (decision 031); here rather than in the global styles, outside the first load's JavaScript. */
const scrollLock = css`
  html:has([data-feedback-window]:popover-open) { overflow: hidden; scrollbar-gutter: stable; }
`;

const TITLE_ID = `${FEEDBACK_WINDOW_ID}-title`;
const DESCRIPTION_ID = `${FEEDBACK_WINDOW_ID}-description`;

/** What the window shows: the texts and preset of its latest opening (§3 modal state). */
interface FeedbackTexts {
  readonly title: string;
  readonly description: string;
  readonly serviceType: string | undefined;
}

const DEFAULT_TEXTS: FeedbackTexts = { ...MODAL_DEFAULTS.feedback, serviceType: undefined };

const feedbackOpen = (modal: AppStateValues['modal']) => modal.isModalActive && modal.activeFormName === 'feedback';

/**
 * The window's form hydrates after the page (decision 041, "The window's form hydrates when
 * wanted"): registering its fields in final-form was nearly half of a long task of the page's
 * hydration, for a form most visitors never open.
 */
const formGate = hydrationGate();

/**
 * The form in its gate. Memoised with stable props: the window's own renders (opening, closing,
 * a navigation) leave it alone, so opening the window re-renders none of its fields, and a form
 * still waiting for its gate gets no update that would make React render it on the client.
 */
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

/**
 * The form's first render is the server's, without a preset, even when the app opened the window
 * for a service before the form hydrated: hydration then matches the HTML (a preset outside the
 * choices adds an option), and the preset comes as any later one does, set and checked (§3).
 */
function PresetAfterHydration({ serviceType, onSuccess }: WindowFormProps) {
  const [preset, setPreset] = useState<string | undefined>(undefined);
  useEffect(() => setPreset(serviceType), [serviceType]);
  // The form renders again for its preset, not for the render that brought the new one here.
  return useMemo(() => <RequestForm id={FEEDBACK_FORM_ID} serviceType={preset} onSuccess={onSuccess} />, [preset, onSuccess]);
}

/**
 * The feedback modal of §3/§4 as a native popover (docs/decisions/041): rendered closed by the
 * server in every page with its whole request form, opened by the call-to-action's
 * `popovertarget` button below 1280 px at the first paint, before and without any script; the form
 * posts as plain HTML (decision 030). Its fields stay in the document when it closes, so what was
 * typed survives closing (the close button, Escape, a click beside the panel) and reopening.
 *
 * Hydrated in place, it follows the browser's state into the app's (`toggle` events) and the
 * app's into the browser's (`openModal({ name: 'feedback', … })` from any control, a navigation,
 * the stored request), traps focus while open and gives it back to the control that opened it.
 */
export function FeedbackWindow() {
  const modal = useAppStateValue((values) => values.modal);
  const { openModal, closeModal } = useAppActions();
  const element = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [shown, setShown] = useState(false);
  const texts = useLatestTexts(modal);
  // On the page a request form posted without JavaScript returned to, as long as it is shown.
  const { formResult } = useRootData();
  const { key: locationKey } = useLocation();
  const resultOnPage = formResult?.form === 'request' && locationKey === 'default';
  // Closes in the browser (the popover) and in the app (a browser without popovers shows it by state).
  const close = useCallback(() => {
    hide(element.current);
    closeModal();
  }, [closeModal]);
  // Opened by the app (a control's `openModal`), the form hydrates in this very render.
  if (feedbackOpen(modal)) formGate.open();
  useFormGateOpening();
  useFocusTrap(element, { active: shown, onEscape: close, returnFocus: opener });
  useBrowserStateIntoApp(element, opener, setShown, openModal, closeModal);
  // The app's state into the browser's: `openModal({ name: 'feedback' })` shows it, `closeModal()` hides it.
  usePopoverShownWhen(element, feedbackOpen(modal));
  useCloseOnNavigation(element);

  const closeOnBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    // Focus stays where it is (then goes back to the opener) instead of moving to the page behind.
    event.preventDefault();
    close();
  };

  return (
    <>
      <Global styles={scrollLock} />
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
          {/* Closes the popover natively too: without JavaScript, and before this code has hydrated. */}
          <button
            type="button"
            css={closeStyles}
            popoverTarget={FEEDBACK_WINDOW_ID}
            popoverTargetAction="hide"
            aria-label="Закрыть окно"
            onClick={close}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <Heading level={2} size="h3" id={TITLE_ID}>
            {texts.title}
          </Heading>
          <p id={DESCRIPTION_ID} css={descriptionStyles}>
            {texts.description}
          </p>
          <div css={bodyStyles}>
            {resultOnPage ? (
              // The page shows what the request form posted without JavaScript led to (decision 030):
              // one form holds it, the page's, and the window leads there.
              <p>
                <a href={`#${formResultAnchor('request')}`} onClick={close}>
                  {FORMS.request.title}
                </a>
              </p>
            ) : (
              <>
                {/* A stored request navigates to /success/request/ (the window closes with the navigation). */}
                <WindowForm serviceType={texts.serviceType} onSuccess={close} />
                {/* Without JavaScript the post's answer (errors to fix, or the confirmation) is shown by
                  the request page's form rather than by this window, closed again on the page it
                  answers with (decision 030: the server returns to the page the form names). */}
                <input type="hidden" form={FEEDBACK_FORM_ID} name={META_FIELDS.page} value={href('request')} />
              </>
            )}
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * Opens the form's gate at the browser's first idle moment, or at the visitor's first interaction
 * with the page, whichever comes first. Any interaction rather than only the window's: a tap
 * elsewhere may navigate or open the window through the app, and those renders reach the form
 * too (a navigation's new location, a context above it); a form still waiting would hold them.
 * A tap on the call-to-action opens the gate at the finger's press, before the window is shown.
 * The form's code is asked for at once: only its hydration waits, not a round trip.
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

/** The texts of the latest opening by the app (a control may give its own title and service). */
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
    // The same texts again (the window reopened as before) render nothing.
    setTexts((current) =>
      current.title === next.title && current.description === next.description && current.serviceType === next.serviceType ? current : next,
    );
  }, [open, activeFormTitle, activeFormDescription, activeFormServiceType]);
  return texts;
}

/**
 * The browser's state into the app's: opened by a `popovertarget` button (also before this code
 * hydrated, found open at mount), closed by the browser (Escape, the close button, another popover).
 * The control that opened it is noted for the focus to go back to, in every engine (a tap does not
 * focus a button in Safari).
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

/** Any navigation (a link in the consent text, the success page) closes the window. */
function useCloseOnNavigation(element: RefObject<HTMLDivElement | null>): void {
  const { key } = useLocation();
  const previousKey = useRef(key);
  useEffect(() => {
    if (key === previousKey.current) return;
    previousKey.current = key;
    hide(element.current);
  }, [key, element]);
}
