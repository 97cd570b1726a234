import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parse, serialize } from 'cookie';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { FORMS, type FormName } from '../../../../shared/forms/definitions.ts';
import { FORM_RESULT_PARAM, formResultAnchor, type FormResult, type KeptFile } from '../../../../shared/forms/formResult.ts';
import type { LeadCapture } from '../leadCapture.ts';
import { FORM_RESULT_TTL_MS } from '../purge.ts';
import type { LeadStore } from '../store.ts';
import type { Logger } from '../../../platform/logging/logger.ts';
import { sendRedirect } from '../../../platform/http/redirect.ts';
import { sameOriginPath } from '../../../platform/http/sameOriginPath.ts';
import { CHECKED, firstOf, UPLOAD_ID } from './bodies.ts';
import { FORM_PAGES } from './respond.tsx';

/** A result is shown only where this browser's cookie names it, so a shared result address shows nobody else's input. */
export const FORM_RESULT_COOKIE = 'verf_form_result';
/** `Secure` only over HTTPS: a browser drops a Secure cookie set over plain HTTP, and the result with it. */
const COOKIE_ATTRIBUTES = { httpOnly: true, sameSite: 'lax', path: '/' } as const;

/** What the visitor typed, as the form's fields hold it (text, or a checkbox's state); files aside. */
export function typedValues(form: FormName, body: Readonly<Record<string, unknown>>): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const [name, field] of Object.entries(FORMS[form].fields)) {
    if (field.kind === 'file') continue;
    const value = firstOf(body[name]);
    if (field.kind === 'checkbox') values[name] = value === true || (typeof value === 'string' && CHECKED.has(value.trim().toLowerCase()));
    else if (typeof value === 'string' || typeof value === 'number') values[name] = String(value);
  }
  return values;
}

/** Upload ids a form sent back as text (the files a previous result kept), of one field. */
export function keptUploadIds(value: unknown): string[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.filter((item): item is string => typeof item === 'string' && UPLOAD_ID.test(item));
}

/** The files a result shows as already sent, by the store's records (unclaimed and not expired). */
export async function keptFiles(store: LeadStore, ids: readonly string[], notBefore: number): Promise<KeptFile[]> {
  const records = await store.unclaimedUploads(ids, notBefore);
  return records.map(({ id, field, name, size }) => ({ id, field, name, size }));
}

/** Keeps `result` and answers with a 303 to the posting page (this site's, else the form's) with the result's id. */
export async function redirectToResult(
  req: Request,
  res: Response,
  options: { store: LeadStore; result: FormResult; page: unknown; publicBaseUrl: string },
): Promise<void> {
  const { result } = options;
  const id = randomUUID();
  await options.store.saveFormResult(id, JSON.stringify(result));
  const page = sameOriginPath(options.page, options.publicBaseUrl) ?? FORM_PAGES[result.form];
  const target = new URL(page, options.publicBaseUrl);
  target.searchParams.delete(FORM_RESULT_PARAM);
  target.searchParams.append(FORM_RESULT_PARAM, id);
  target.hash = formResultAnchor(result.form);
  res.append(
    'Set-Cookie',
    serialize(FORM_RESULT_COOKIE, id, { ...COOKIE_ATTRIBUTES, secure: req.secure, maxAge: FORM_RESULT_TTL_MS / 1000 }),
  );
  sendRedirect(req, res, `${target.pathname}${target.search}${target.hash}`, 303);
}

/** The result id a page address asks for, if it has one of the right shape. */
export function formResultIdOf(url: string): string | undefined {
  const queryStart = url.indexOf('?');
  if (queryStart === -1 || !url.includes(FORM_RESULT_PARAM, queryStart)) return undefined;
  const id = new URLSearchParams(url.slice(queryStart)).get(FORM_RESULT_PARAM);
  return id !== null && UPLOAD_ID.test(id) ? id : undefined;
}

/** Whether a request is a page with a form result: never answered from, nor stored in, the page cache. */
export const hasFormResult = (req: IncomingMessage): boolean => formResultIdOf(req.url ?? '') !== undefined;

/** A page with a result this browser's cookie names: rendered with it, private and never cached (decision 030). */
export function formResultPages(options: { leads: () => Promise<LeadCapture>; logger: Logger }): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const id = formResultIdOf(req.originalUrl);
    if (id === undefined) return next();
    res.locals.personalPage = true;
    const header = req.headers.cookie;
    if (header === undefined || parse(header)[FORM_RESULT_COOKIE] !== id) return next();
    try {
      const stored = await (await options.leads()).store.formResult(id, Date.now() - FORM_RESULT_TTL_MS);
      if (stored !== undefined) res.locals.formResult = JSON.parse(stored) as FormResult;
    } catch (error) {
      // The leads database away: the page still shows, without the result.
      options.logger.warn({ err: { message: (error as Error).message }, reqId: req.id }, 'form result unreadable');
    }
    next();
  };
}
