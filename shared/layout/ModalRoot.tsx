import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppActions, useAppStateValue } from '../app/AppState.tsx';
import { lazyWhenWanted } from '../app/lazyWhenWanted.tsx';
import type { ModalDialogProps } from './ModalDialog.tsx';

/** The dialog, its texts and forms are their own chunk, loaded on intent or on opening. */
const ModalDialog = lazyWhenWanted<ModalDialogProps>(
  () => import('./ModalDialog.tsx').then((module) => module.ModalDialog),
  ({ modal }) => modal.isModalActive && modal.activeFormName !== null,
);

/** Starts loading the modal's code: called when the visitor points at a control that may open it. */
export const preloadModal = (): void => void ModalDialog.preload();

/**
 * The one modal of the site (§3, §4): closed, or open with the feedback or internship form,
 * its title, description and preset service type from the app state (`ModalDialog.tsx`).
 */
export function ModalRoot() {
  const modal = useAppStateValue((values) => values.modal);
  const { closeModal } = useAppActions();
  const { key } = useLocation();
  // Any navigation (a link in the form's consent text, the success page) closes the modal.
  const previousKey = useRef(key);
  useEffect(() => {
    if (key === previousKey.current) return;
    previousKey.current = key;
    closeModal();
  }, [key, closeModal]);
  return <ModalDialog modal={modal} onClose={closeModal} />;
}
