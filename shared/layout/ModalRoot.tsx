import { css } from '@emotion/react';
import { useAppState, type ModalFormName } from '../app/AppState.tsx';
import { useRootData } from '../app/rootData.ts';
import { colors, space } from '../theme/theme.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { mailtoHref, telHref } from './contactLinks.ts';

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

const contactStyles = css`
  display: grid;
  gap: ${space[3]};
  padding: ${space[5]};
  border-radius: 12px;
  background: ${colors.surfaceAlt};
  a { font-weight: 600; }
`;

/**
 * The one modal of the site (§3, §4): closed, or open with the feedback or internship form,
 * its title, description and preset service type from the app state.
 */
export function ModalRoot() {
  const { modal, closeModal } = useAppState();
  const name = modal.activeFormName;
  if (!modal.isModalActive || name === null) return null;
  const defaults = MODAL_DEFAULTS[name];
  return (
    <Dialog open onClose={closeModal} title={modal.activeFormTitle ?? defaults.title} description={modal.activeFormDescription ?? defaults.description}>
      <ModalForm name={name} serviceType={modal.activeFormServiceType} />
    </Dialog>
  );
}

/**
 * TODO(lead-capture, issue 6): render `RequestForm` (feedback, with `serviceType` preset) and
 * `InternshipForm` from `shared/forms/ui/` once they are committed. Until then the dialog gives
 * the real ways to reach the agency instead of a form that could not send anything.
 */
function ModalForm({ name }: { readonly name: ModalFormName; readonly serviceType: string | null }) {
  const { agency } = useRootData();
  const email = name === 'internship' ? agency.emails.vacancies : agency.emails.collaboration;
  const office = agency.offices[0];
  return (
    <div css={contactStyles} data-modal-form={name}>
      <p>
        Напишите на <a href={mailtoHref(email)}>{email}</a>
        {office ? (
          <>
            {' '}или позвоните: <a href={telHref(office.phone)}>{office.phone}</a>
          </>
        ) : null}
        .
      </p>
    </div>
  );
}
