import type { ModalFormName } from './AppState.tsx';

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
