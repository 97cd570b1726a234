import type { Request, Response } from 'express';
import type { ReactNode } from 'react';
import { ErrorPageView } from '../../../../shared/app/ErrorPage.tsx';
import { FORMS, type FormName } from '../../../../shared/forms/definitions.ts';
import { href, linkTo } from '../../../../shared/routes/links.ts';
import { CACHE_CONTROL } from '../../../platform/http/cacheControl.ts';
import { renderPlainPage } from '../../../platform/http/errorPage.tsx';
import { hashSource } from '../../../platform/http/inlineHashes.ts';
import { allowInline } from '../../../platform/http/securityHeaders.ts';
import { sameOriginPath } from '../../../platform/http/sameOriginPath.ts';
import { PROBLEM_TEXTS, STORE_RETRY_AFTER_SECONDS } from './problems.ts';

/** Where each form lives, for "back to the form" links of the no-JavaScript pages. */
export const FORM_PAGES: Readonly<Record<FormName, string>> = {
  request: href('request'),
  subscribe: linkTo('subscribe', 'subscribe-email'),
  referral: linkTo('referral', 'referral-section'),
  internship: linkTo('career', 'internship'),
};

/** A plain form (no JavaScript) asks for a page; the site's script, and any client stating no preference, gets JSON. */
export function wantsPage(req: Request): boolean {
  return req.accepts(['json', 'html']) === 'html';
}

/** Readable without the site's stylesheet (the page has no app and no bundle). */
const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;color:#14161a;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}a{color:#1d44d8}li{margin:.25rem 0}';
const PAGE_INLINE = { scripts: [], styles: [hashSource(PAGE_STYLE)] };

function page(res: Response, status: number, content: ReactNode): void {
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  allowInline(res, PAGE_INLINE);
  const html = renderPlainPage(content, { style: PAGE_STYLE });
  res.status(status).type('html').send(html);
}

/** The visitor's page (the form's `_page`, this site's paths only), else the form's; without the base URL, never a visitor value. */
function backLink(form: FormName | undefined, pageField: unknown, publicBaseUrl: string | undefined): string {
  const page = publicBaseUrl === undefined ? undefined : sameOriginPath(pageField, publicBaseUrl);
  return page ?? (form ? FORM_PAGES[form] : '/');
}

/** A stored lead: `201 {id}` for a script; without JavaScript, a request form 303s to its success page, others to their page. */
export function answerAccepted(req: Request, res: Response, id: string): void {
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  if (!wantsPage(req)) {
    res.status(201).json({ id });
    return;
  }
  res.redirect(303, linkTo('success-request'));
}

/** Titles of the no-JavaScript pages, where the status says more than «Форма не отправлена». */
const PAGE_TITLES: Partial<Record<number, string>> = {
  422: 'Проверьте данные формы',
  429: 'Слишком много отправок',
  503: 'Сайт временно не принимает формы',
};

/** After a 503 the browser's Back button returns to the filled form (browsers restore its fields); the link, to an empty one. */
export const UNAVAILABLE_BACK_HINT =
  'Вернитесь к форме кнопкой «Назад» браузера — заполненные поля, как правило, сохраняются — и отправьте её ещё раз.';

/** 400, 413, 415, 422, 429, 507, or 503 with `Retry-After` (no database): JSON `{error, errors}` or a Russian page of them. */
export function answerProblem(
  req: Request,
  res: Response,
  options: {
    status: 400 | 413 | 415 | 422 | 429 | 503 | 507;
    errors?: Readonly<Record<string, string>>;
    form?: FormName;
    pageField?: unknown;
    publicBaseUrl?: string;
  },
): void {
  const { status, form } = options;
  const errors = options.errors ?? {};
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  if (status === 503) res.setHeader('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
  const summary = PROBLEM_TEXTS[status];
  if (!wantsPage(req)) {
    res.status(status).json(Object.keys(errors).length > 0 ? { error: summary, errors } : { error: summary });
    return;
  }
  const labels = form ? FORMS[form].fields : {};
  const title = PAGE_TITLES[status] ?? 'Форма не отправлена';
  // A form that was not accepted is the site's error page, with the errors and the way back.
  page(
    res,
    status,
    <ErrorPageView title={title} hint={summary}>
      {Object.keys(errors).length > 0 ? (
        <ul>
          {Object.entries(errors).map(([name, message]) => (
            <li key={name}>
              <strong>{`${labels[name]?.label ?? 'Файлы'}:`}</strong> {message}
            </li>
          ))}
        </ul>
      ) : null}
      {status === 503 ? <p>{UNAVAILABLE_BACK_HINT}</p> : null}
      <p>
        <a href={backLink(form, options.pageField, options.publicBaseUrl)}>Вернуться к форме</a>
      </p>
    </ErrorPageView>,
  );
}
