/**
 * The validation messages of §5, word for word. The browser and the server show the same text,
 * so a message changes here or nowhere.
 */
export const VALIDATION_MESSAGES = {
  required: 'Поле обязательно для заполнения',
  email: 'Введите корректный email адрес',
  min: (min: number) => `Поле должно быть не короче ${min} символов`,
  confirmed: 'Пароли не совпадают',
  alpha_num: 'Пароль должен содержать буквы A-z разного регистра и цифры 0-9',
  'required-true': 'Необходимо выбрать поле',
  /** §5: "Any other rule: {field} is not valid" — {field} is the field's visible label. */
  other: (field: string) => `${field} is not valid`,
} as const;

/** Form-level texts (not tied to one field). §8 gives the generic one. */
export const FORM_MESSAGES = {
  generic: 'Ой, что-то пошло не так!',
  network: 'Не удалось отправить форму: нет связи с сервером. Проверьте подключение и повторите попытку.',
  rateLimited: (minutes: number) => `Слишком много отправок подряд. Повторите попытку через ${minutes} ${minutesWord(minutes)}.`,
  fixErrors: 'Проверьте поля формы: некоторые заполнены неверно.',
} as const;

/** Russian plural of «минута» for 1, 2–4 and 5+ (11–14 take the 5+ form). */
export function minutesWord(count: number): string {
  const mod100 = count % 100;
  const mod10 = count % 10;
  if (mod100 >= 11 && mod100 <= 14) return 'минут';
  if (mod10 === 1) return 'минуту';
  if (mod10 >= 2 && mod10 <= 4) return 'минуты';
  return 'минут';
}
