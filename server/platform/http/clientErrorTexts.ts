import { ERROR_TEXTS } from '../../../shared/app/ErrorPage.tsx';

/** The short Russian name of each client error answered outside a page, the same words whichever endpoint refuses. */
export const CLIENT_ERROR_TEXTS = {
  400: 'Некорректный запрос',
  404: ERROR_TEXTS.notFoundTitle,
  405: 'Метод не поддерживается',
  413: 'Слишком большой запрос',
  414: 'Слишком длинный адрес',
  415: 'Неподдерживаемый формат данных',
  431: 'Слишком большие заголовки запроса',
} as const satisfies Record<number, string>;

/** What the error page says under §2's text for each client error, a sentence a visitor can act on (a 5xx gets §2's alone). */
export const ERROR_EXPLANATIONS: Record<number, string> = {
  400: 'Сервер не смог разобрать запрос. Проверьте адрес страницы.',
  405: 'Этот адрес не принимает такой запрос. Воспользуйтесь ссылкой или формой на сайте.',
  413: 'Запрос слишком большой: сервер его не принял.',
  414: 'Адрес страницы слишком длинный.',
  415: 'Сервер не принимает данные в таком формате.',
  431: 'Заголовки запроса слишком большие.',
};
