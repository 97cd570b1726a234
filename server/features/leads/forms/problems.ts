import { FORM_MESSAGES } from '../../../../shared/forms/messages.ts';

/** Why a submission was not accepted, and, where one field is at fault, its Russian message (answered by `respond.tsx`). */
export type ProblemStatus = 400 | 413 | 415 | 422 | 429 | 507;

export class BodyProblem extends Error {
  override name = 'BodyProblem';
  constructor(
    readonly status: ProblemStatus,
    readonly errors: Readonly<Record<string, string>> = {},
  ) {
    super(`form body rejected with ${status}`);
  }
}

/** Summary texts per status, shown when no field message says more. */
export const PROBLEM_TEXTS = {
  400: 'Некорректный запрос: данные формы не удалось прочитать.',
  413: 'Слишком большой запрос.',
  415: 'Неподдерживаемый формат данных. Отправьте форму как JSON, application/x-www-form-urlencoded или multipart/form-data.',
  422: FORM_MESSAGES.fixErrors,
  429: 'Слишком много отправок подряд. Повторите попытку позже.',
  507: 'Сейчас сайт не может принять файлы. Отправьте заявку без вложений или повторите попытку позже.',
  503: 'Сейчас сайт не может сохранить форму: временная неполадка на нашей стороне. Повторите отправку через минуту.',
} as const;

/** `Retry-After` of a 503 without the database (decision 023): short, an outage is usually a restart or failover. */
export const STORE_RETRY_AFTER_SECONDS = 10;
