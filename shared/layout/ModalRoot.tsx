import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppState, type ModalFormName } from '../app/AppState.tsx';
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

/**
 * The one modal of the site (§3, §4): closed, or open with the feedback or internship form,
 * its title, description and preset service type from the app state.
 */
export function ModalRoot() {
  const { modal, closeModal } = useAppState();
  const { key } = useLocation();
  // Any navigation (a link in the form's consent text, the success page) closes the modal.
  const previousKey = useRef(key);
  useEffect(() => {
    if (key === previousKey.current) return;
    previousKey.current = key;
    closeModal();
  }, [key, closeModal]);
  const name = modal.activeFormName;
  if (!modal.isModalActive || name === null) return null;
  const defaults = MODAL_DEFAULTS[name];
  return (
    <Dialog open onClose={closeModal} title={modal.activeFormTitle ?? defaults.title} description={modal.activeFormDescription ?? defaults.description}>
      {/* The forms load their own chunk behind their own Suspense boundary (lazyForms.tsx). */}
      <ModalForm name={name} serviceType={modal.activeFormServiceType} onRequestSent={closeModal} />
    </Dialog>
  );
}

/** The form of the open modal: the request form (service type preset) or the internship form. */
function ModalForm({ name, serviceType, onRequestSent }: { readonly name: ModalFormName; readonly serviceType: string | null; readonly onRequestSent: () => void }) {
  if (name === 'internship') return <InternshipForm />;
  // A stored request navigates to /success/request/; the modal closes first.
  return <RequestForm serviceType={serviceType ?? undefined} onSuccess={onRequestSent} />;
}
