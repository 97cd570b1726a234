import { plural } from '../format/russianPlural.ts';

/** The validation messages of §5, word for word, for the browser and the server alike. */
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
  rateLimited: (minutes: number) =>
    `Слишком много отправок подряд. Повторите попытку через ${minutes} ${plural(minutes, ['минуту', 'минуты', 'минут'])}.`,
  fixErrors: 'Проверьте поля формы: некоторые заполнены неверно.',
  /** The server cannot store the form for a moment (503 with Retry-After): the script will send it again. */
  retrying: (seconds: number) =>
    `Сервер временно не может принять форму. Отправим её ещё раз через ${seconds} ${plural(seconds, ['секунду', 'секунды', 'секунд'])} — ничего вводить заново не нужно.`,
  resending: 'Отправляем форму ещё раз…',
  /** The script stopped sending again: the visitor decides when to try. */
  unavailable:
    'Не удалось отправить форму: сервер временно недоступен. Всё, что вы ввели, осталось в форме — отправьте её ещё раз через несколько минут.',
} as const;
