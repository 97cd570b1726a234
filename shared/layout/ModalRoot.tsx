import { startTransition, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppActions, useAppStateValue } from './AppState.tsx';
import { lazyWhenWanted } from '../browser/lazyWhenWanted.tsx';
import type { ModalDialogProps } from './ModalDialog.tsx';

/**
 * The dialog and its texts are their own chunk (the forms another, `lazyForms.tsx`), about 3 KB
 * with what it imports: asked for by the entry with the page's chunks, before hydration
 * (client/entry.tsx). Loaded on intent or on opening, it arrived after the tap's frame, and the
 * modal painted about 500–800 ms after the tap on the mobile profile; asked for once the shell had
 * hydrated, it still did for a tap soon after (docs/decisions/017).
 */
const ModalDialog = lazyWhenWanted<ModalDialogProps>(
  () => import('./ModalDialog.tsx').then((module) => module.ModalDialog),
  ({ modal, prepared }) => prepared || modal.isModalActive,
);

/** Starts loading the modal's code: called when the visitor points at a control that may open it. */
export const preloadModal = (): void => void ModalDialog.preload();

/** Settles once the modal's code has arrived (at once when it has). */
export const modalCodeReady = (): Promise<unknown> => ModalDialog.preload();

/**
 * The internship modal of §3/§4: closed, or open with the internship form, its title and
 * description from the app state (`ModalDialog.tsx`). The feedback modal is the server-rendered
 * feedback window (`FeedbackWindow.tsx`, docs/decisions/041).
 */
export function ModalRoot() {
  const modal = useAppStateValue((values) => values.modal);
  const { closeModal } = useAppActions();
  const { key } = useLocation();
  const [prepared, setPrepared] = useState(false);
  // Built, closed, once the page has hydrated, in a transition a tap can interrupt: the tap that
  // opens it then shows a dialog already in the document. Built at the first idle moment, it was
  // often not built yet for a tap soon after hydration (docs/decisions/017).
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
