import { startTransition, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppActions, useAppStateValue } from './AppState.tsx';
import { lazyWhenWanted } from '../browser/lazyWhenWanted.tsx';
import type { ModalDialogProps } from './ModalDialog.tsx';

/** Its own chunk, asked for with the page's: loaded on intent, the modal painted 500–800 ms after the tap (017). */
const ModalDialog = lazyWhenWanted<ModalDialogProps>(
  () => import('./ModalDialog.tsx').then((module) => module.ModalDialog),
  ({ modal, prepared }) => prepared || modal.isModalActive,
);

/** Starts loading the modal's code: called when the visitor points at a control that may open it. */
export const preloadModal = (): void => void ModalDialog.preload();

/** Settles once the modal's code has arrived (at once when it has). */
export const modalCodeReady = (): Promise<unknown> => ModalDialog.preload();

/** The internship modal of §3/§4 (the feedback modal is `FeedbackWindow.tsx`, decision 041). */
export function ModalRoot() {
  const modal = useAppStateValue((values) => values.modal);
  const { closeModal } = useAppActions();
  const { key } = useLocation();
  const [prepared, setPrepared] = useState(false);
  // Built closed after hydration in an interruptible transition: the opening tap finds it built (017).
  useEffect(() => startTransition(() => setPrepared(true)), []);
  // Any navigation (a link in the form's consent text, the success page) closes the modal.
  const previousKey = useRef(key);
  useEffect(() => {
    if (key === previousKey.current) return;
    previousKey.current = key;
    closeModal();
  }, [key, closeModal]);
  return <ModalDialog modal={modal} prepared={prepared} onClose={closeModal} />;
}
