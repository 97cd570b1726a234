import { SERVICE_CATEGORIES } from '../content/serviceCategories.ts';
import { isEmpty, validateValue, type Rule } from './validators.ts';

/**
 * The four lead forms as data: fields, labels and §5 rules, for the components, the server's
 * validation and the agency's e-mail; which field has which rule is the product's choice.
 */
export type FormName = 'request' | 'subscribe' | 'referral' | 'internship';
export const FORM_NAMES: readonly FormName[] = ['request', 'subscribe', 'referral', 'internship'];

export type FieldKind = 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select' | 'checkbox' | 'file';

export interface FieldDefinition {
  readonly label: string;
  readonly kind: FieldKind;
  readonly rules: readonly Rule[];
  /** Choices of a `select`; the server accepts only these (or an empty value when optional). */
  readonly options?: readonly string[];
  /** A file field's own cap, below the configured UPLOAD_MAX_FILES (which applies without one). */
  readonly maxFiles?: number;
  /** The field becomes required while the named field is empty (résumé file or portfolio link). */
  readonly requiredUnless?: string;
  readonly autoComplete?: string;
  readonly hint?: string;
}

export interface FormDefinition {
  /** Shown to the agency (e-mail subject, webhook) and as the no-JavaScript page's title. */
  readonly title: string;
  readonly fields: Readonly<Record<string, FieldDefinition>>;
  /** Confirmation shown in place (and on the no-JavaScript confirmation page). */
  readonly success: { readonly title: string; readonly text: string };
}

export const BUDGETS = ['До 500 тыс. ₽', '500 тыс. – 1 млн ₽', '1–3 млн ₽', 'Более 3 млн ₽', 'Пока не знаю'] as const;

export const INTERNSHIP_DIRECTIONS = [
  'Frontend-разработка',
  'Backend-разработка',
  'Мобильная разработка',
  'Дизайн интерфейсов',
  'Тестирование',
  'Аналитика',
  'Интернет-маркетинг',
  'Управление проектами',
] as const;

/** The contact fields several forms ask for, the same way in each. */
const email: FieldDefinition = {
  label: 'Электронная почта',
  kind: 'email',
  rules: ['required', 'email', ['max', 254]],
  autoComplete: 'email',
};
const phone: FieldDefinition = { label: 'Телефон', kind: 'tel', rules: ['required', 'phone'], autoComplete: 'tel' };

const consent: FieldDefinition = { label: 'Согласие на обработку персональных данных', kind: 'checkbox', rules: ['required-true'] };

export const FORMS: Readonly<Record<FormName, FormDefinition>> = {
  request: {
    title: 'Заявка на проект',
    fields: {
      name: { label: 'Имя', kind: 'text', rules: ['required', ['min', 2], ['max', 200]], autoComplete: 'name' },
      phone,
      email,
      company: { label: 'Компания', kind: 'text', rules: [['max', 200]], autoComplete: 'organization' },
      serviceType: { label: 'Услуга', kind: 'select', rules: [['max', 200]], options: SERVICE_CATEGORIES },
      budget: { label: 'Бюджет', kind: 'select', rules: [['oneOf', BUDGETS]], options: BUDGETS },
      message: { label: 'Расскажите о задаче', kind: 'textarea', rules: [['max', 5000]] },
      attachments: { label: 'Файлы', kind: 'file', rules: [], hint: 'ТЗ, презентация или макеты' },
      consent,
    },
    success: { title: 'Заявка отправлена', text: 'Спасибо! Мы свяжемся с вами в течение рабочего дня.' },
  },
  subscribe: {
    title: 'Подписка на блог',
    fields: { email, consent },
    success: { title: 'Вы подписаны', text: 'Спасибо! Новые статьи блога будут приходить на вашу почту.' },
  },
  referral: {
    title: 'Рекомендация по реферальной программе',
    fields: {
      referrerName: { label: 'Ваше имя', kind: 'text', rules: ['required', ['min', 2], ['max', 200]], autoComplete: 'name' },
      referrerContact: { label: 'Ваш телефон или email', kind: 'text', rules: ['required', ['min', 5], ['max', 254]] },
      companyName: { label: 'Компания, которую вы рекомендуете', kind: 'text', rules: ['required', ['min', 2], ['max', 200]] },
      companyContact: {
        label: 'Контакт в компании',
        kind: 'text',
        rules: ['required', ['min', 5], ['max', 300]],
        hint: 'Имя и телефон или email человека, с которым нам связаться',
      },
      comment: { label: 'Комментарий', kind: 'textarea', rules: [['max', 3000]] },
      consent,
    },
    success: { title: 'Рекомендация отправлена', text: 'Спасибо за рекомендацию! Мы свяжемся с вами, чтобы обсудить детали.' },
  },
  internship: {
    title: 'Заявка на стажировку',
    fields: {
      name: { label: 'Имя и фамилия', kind: 'text', rules: ['required', ['min', 2], ['max', 200]], autoComplete: 'name' },
      email,
      phone,
      direction: {
        label: 'Направление',
        kind: 'select',
        rules: ['required', ['oneOf', INTERNSHIP_DIRECTIONS]],
        options: INTERNSHIP_DIRECTIONS,
      },
      resume: { label: 'Резюме', kind: 'file', rules: [], maxFiles: 1, hint: 'Файл резюме или ссылка в поле ниже' },
      portfolio: {
        label: 'Ссылка на резюме или портфолио',
        kind: 'url',
        rules: ['url', ['max', 500]],
        requiredUnless: 'resume',
        autoComplete: 'url',
      },
      about: { label: 'О себе', kind: 'textarea', rules: [['max', 3000]] },
      consent,
    },
    success: { title: 'Заявка отправлена', text: 'Спасибо! Мы прочитаем вашу заявку и ответим на почту.' },
  },
};

/** The rules a field has for these values (adds `required` while its partner field is empty). */
export function rulesOf(field: FieldDefinition, values: Readonly<Record<string, unknown>>): readonly Rule[] {
  if (field.requiredUnless !== undefined && isEmpty(values[field.requiredUnless])) return ['required', ...field.rules];
  return field.rules;
}

/** One field's §5 message, or `undefined`. */
export function validateField(form: FormName, name: string, values: Readonly<Record<string, unknown>>): string | undefined {
  const field = FORMS[form].fields[name];
  if (field === undefined) return undefined;
  return validateValue(values[name], rulesOf(field, values), { label: field.label, values });
}

/** How many files a file field takes: its own cap, never above the configured UPLOAD_MAX_FILES. */
export function maxFilesOf(field: FieldDefinition, configuredMaxFiles: number): number {
  return Math.min(field.maxFiles ?? configuredMaxFiles, configuredMaxFiles);
}

/** The names of a form's file fields. */
export function fileFieldsOf(form: FormName): string[] {
  return Object.entries(FORMS[form].fields)
    .filter(([, field]) => field.kind === 'file')
    .map(([name]) => name);
}

/** Fields a form sends besides its own: anti-abuse signals (docs/security.md), the page and §5's UTM parameters. */
export const META_FIELDS = { honeypot: 'website', startedAt: '_startedAt', fillMs: '_fillMs', page: '_page', utm: 'utm' } as const;
