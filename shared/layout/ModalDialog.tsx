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

/** The internship modal (§3, §4): built closed once prepared, its form mounted with each opening. */
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
  // The frame paints with the tap; the fields follow in the next render, out of its INP (017).
  const fieldsWanted = useDeferredValue(true, false);
  return fieldsWanted ? <InternshipForm /> : null;
}
