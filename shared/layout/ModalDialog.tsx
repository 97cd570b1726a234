import { useDeferredValue } from 'react';
import type { ModalState } from './AppState.tsx';
import { InternshipForm } from '../forms/lazyForms.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { MODAL_DEFAULTS } from './modalTexts.ts';

export interface ModalDialogProps {
  readonly modal: ModalState;
  readonly onClose: () => void;
  /** Built ahead of its opening, at the first idle moment: closed, it stays in the document, hidden. */
  readonly prepared: boolean;
}

/**
 * The internship modal (§3, §4): the internship form with its title and description from the app
 * state. Its own chunk, with the dialog (see `ModalRoot`). Once prepared, the closed dialog stays
 * built and hidden, so the tap that opens it sets its texts and shows it; the form is mounted with
 * each opening. The feedback modal is the server-rendered feedback window instead
 * (`FeedbackWindow.tsx`, docs/decisions/041).
 */
export function ModalDialog({ modal, onClose, prepared }: ModalDialogProps) {
  const open = modal.isModalActive && modal.activeFormName === 'internship';
  const defaults = MODAL_DEFAULTS.internship;
  if (!open && !prepared) return null;
  return (
    <Dialog
      open={open}
      keepBuilt
      onClose={onClose}
      title={(open ? modal.activeFormTitle : null) ?? defaults.title}
      description={(open ? modal.activeFormDescription : null) ?? defaults.description}
    >
      {/* The form loads its own chunk behind its own Suspense boundary (lazyForms.tsx). */}
      {open ? <ModalForm /> : null}
    </Dialog>
  );
}

/** The internship form, mounted with each opening. */
function ModalForm() {
  // The dialog's frame, title and close button paint with the tap; the form's fields, their styles
  // and final-form's registration follow in the next render, so they never hold back that first
  // paint (the modal's Interaction to Next Paint, docs/decisions/017).
  const fieldsWanted = useDeferredValue(true, false);
  return fieldsWanted ? <InternshipForm /> : null;
}
