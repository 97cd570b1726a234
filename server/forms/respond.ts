import type { Request, Response } from 'express';
import { FORMS, type FormName } from '../../shared/forms/definitions.ts';
import { linkTo } from '../../shared/routes/links.ts';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import { allowInlineContentOf } from '../middleware/securityHeaders.ts';
import { escapeHtml } from '../http/escapeHtml.ts';
import { sameOriginPath } from '../http/sameOriginPath.ts';
import { PROBLEM_TEXTS } from './problems.ts';

/** Where each form lives, for "back to the form" links of the no-JavaScript pages. */
export const FORM_PAGES: Readonly<Record<FormName, string>> = {
  request: '/request/',
  subscribe: linkTo('subscribe', 'subscribe-email'),
  referral: linkTo('referral', 'referral-section'),
  internship: linkTo('career', 'internship'),
};

/**
 * A plain HTML form (no JavaScript) asks for a page; the site's script asks for JSON
 * (`Accept: application/json`), and so does any client that states no preference.
 */
export function wantsPage(req: Request): boolean {
  return req.accepts(['json', 'html']) === 'html';
}

function page(res: Response, status: number, title: string, body: string): void {
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  const html = Buffer.from(
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>`
    + `<style>body{font-family:system-ui,sans-serif;color:#14161a;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}a{color:#1d44d8}li{margin:.25rem 0}</style>`
    + `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
  allowInlineContentOf(res, html);
  res.status(status).type('html').send(html);
}

/**
 * The page the visitor came from (the form's own `_page`, a path of this site only), else the
 * form's default page. Without the site's base URL no visitor value is linked to.
 */
function backLink(form: FormName | undefined, pageField: unknown, publicBaseUrl: string | undefined): string {
  const page = publicBaseUrl === undefined ? undefined : sameOriginPath(pageField, publicBaseUrl);
  return page ?? (form ? FORM_PAGES[form] : '/');
}

export function answerAccepted(req: Request, res: Response, form: FormName, id: string, pageField: unknown, publicBaseUrl: string): void {
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  if (!wantsPage(req)) {
    res.status(201).json({ id });
    return;
  }
  // Post/redirect/get: a reload of the confirmation never sends the form twice.
  if (form === 'request') {
    res.redirect(303, linkTo('success-request'));
    return;
  }
  const { success } = FORMS[form];
  page(res, 201, success.title, `<p role="status">${escapeHtml(success.text)}</p><p><a href="${escapeHtml(backLink(form, pageField, publicBaseUrl))}">Вернуться на страницу</a></p>`);
}

/** 400, 413, 415, 422 or 429: JSON `{error, errors}` or a page listing the errors in Russian. */
export function answerProblem(
  req: Request,
  res: Response,
  options: {
    status: 400 | 413 | 415 | 422 | 429 | 507; errors?: Readonly<Record<string, string>>; form?: FormName;
    pageField?: unknown; publicBaseUrl?: string;
  },
): void {
  const { status, form } = options;
  const errors = options.errors ?? {};
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  const summary = PROBLEM_TEXTS[status];
  if (!wantsPage(req)) {
    res.status(status).json(Object.keys(errors).length > 0 ? { error: summary, errors } : { error: summary });
    return;
  }
  const labels = form ? FORMS[form].fields : {};
  const items = Object.entries(errors)
    .map(([name, message]) => `<li><strong>${escapeHtml(labels[name]?.label ?? 'Файлы')}:</strong> ${escapeHtml(message)}</li>`)
    .join('');
  const title = status === 422 ? 'Проверьте данные формы' : status === 429 ? 'Слишком много отправок' : 'Форма не отправлена';
  page(res, status, title,
    `<p>${escapeHtml(summary)}</p>${items ? `<ul>${items}</ul>` : ''}`
    + `<p><a href="${escapeHtml(backLink(form, options.pageField, options.publicBaseUrl))}">Вернуться к форме</a></p>`);
}
