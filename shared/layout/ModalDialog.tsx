import { useDeferredValue } from 'react';
import type { ModalFormName, ModalState } from '../app/AppState.tsx';
import { InternshipForm, RequestForm } from '../forms/lazyForms.tsx';
import { Dialog } from '../ui/Dialog.tsx';

/** Title and description a modal shows when the opener gives none (§3 activeFormTitle/Description). */
export const MODAL_DEFAULTS: Record<ModalFormName, { readonly title: string; readonly description: string }> = {
  feedback: {
    title: 'Обсудить проект',
    description: 'Расскажите о задаче — менеджер ответит в течение рабочего дня и предложит время для звонка.',
  },
  internship: {
    title: 'Стажировка в «Верфи»',
    description: 'Оставьте контакты и пару слов о себе — пригласим на знакомство и расскажем, как устроена стажировка.',
  },
};

export interface ModalDialogProps {
  readonly modal: ModalState;
  readonly onClose: () => void;
  /** Built ahead of its opening, at the first idle moment: closed, it stays in the document, hidden. */
  readonly prepared: boolean;
}

/**
 * The modal (§3, §4): the feedback or internship form with its title, description and preset
 * service type from the app state. Its own chunk, with the dialog (see `ModalRoot`). Once
 * prepared, the closed dialog stays built and hidden, so the tap that opens it sets its texts and
 * shows it; the form is mounted with each opening.
 */
export function ModalDialog({ modal, onClose, prepared }: ModalDialogProps) {
  const name = modal.activeFormName;
  const open = modal.isModalActive && name !== null;
  const defaults = MODAL_DEFAULTS[name ?? 'feedback'];
  if (!open && !prepared) return null;
  return (
    <Dialog
      open={open}
      keepBuilt
      onClose={onClose}
      title={modal.activeFormTitle ?? defaults.title}
      description={modal.activeFormDescription ?? defaults.description}
    >
      {/* The forms load their own chunk behind their own Suspense boundary (lazyForms.tsx). */}
      {open ? <ModalForm name={name} serviceType={modal.activeFormServiceType} onRequestSent={onClose} /> : null}
    </Dialog>
  );
}

/** The form of the open modal: the request form (service type preset) or the internship form. */
function ModalForm({
  name,
  serviceType,
  onRequestSent,
}: {
  readonly name: ModalFormName;
  readonly serviceType: string | null;
  readonly onRequestSent: () => void;
}) {
  // Mounted with each opening. The dialog's frame, title and close button paint with the tap; the
  // form's fields, their styles and final-form's registration follow in the next render, so
  // they never hold back that first paint (the modal's Interaction to Next Paint, docs/decisions/017).
  const fieldsWanted = useDeferredValue(true, false);
  if (!fieldsWanted) return null;
  if (name === 'internship') return <InternshipForm />;
  // A stored request navigates to /success/request/; the modal closes first.
  return <RequestForm serviceType={serviceType ?? undefined} onSuccess={onRequestSent} />;
}
