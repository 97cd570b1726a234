import { ERROR_TEXTS } from '../../../shared/app/ErrorPage.tsx';

/**
 * The short Russian name of each client error the server answers before or outside a page (bad
 * body, bad method, bad URL): the `error` of a JSON answer and the plain text of an endpoint, the
 * same words whichever endpoint refuses.
 */
export const CLIENT_ERROR_TEXTS = {
  400: 'Некорректный запрос',
  404: ERROR_TEXTS.notFoundTitle,
  405: 'Метод не поддерживается',
  413: 'Слишком большой запрос',
  414: 'Слишком длинный адрес',
  415: 'Неподдерживаемый формат данных',
  431: 'Слишком большие заголовки запроса',
} as const satisfies Record<number, string>;
