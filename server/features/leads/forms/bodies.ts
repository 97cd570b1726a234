import {
  array,
  boolean,
  coerce,
  defaulted,
  number,
  object,
  optional,
  pattern,
  refine,
  string,
  union,
  validate,
  type Struct,
} from 'superstruct';
import { FORMS, maxFilesOf, META_FIELDS, rulesOf, type FieldDefinition, type FormName } from '../../../../shared/forms/definitions.ts';
import { FORM_RESULT_PARAM } from '../../../../shared/forms/formResult.ts';
import { VALIDATION_MESSAGES } from '../../../../shared/forms/messages.ts';
import { UPLOAD_MESSAGES } from '../../../../shared/forms/uploads.ts';
import { UTM_KEYS, sanitizeUtm } from '../../../../shared/forms/utm.ts';
import { validateValue } from '../../../../shared/forms/validators.ts';
import { safePath } from '../../../platform/http/sameOriginPath.ts';
import { addressAsTyped } from './emailAddress.ts';

// The four forms' bodies from the definitions and §5 rules the browser uses; any encoding arrives as a plain object.
export const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** What a checked checkbox may send, by any form encoding. */
export const CHECKED = new Set(['on', 'true', '1', 'yes', 'да']);

/** The first of a repeated key's values, or the one value (`Array.isArray` alone would type it `any`). */
export const firstOf = <T>(value: T | readonly T[]): T | undefined => (Array.isArray(value) ? (value as readonly T[])[0] : (value as T));
const Text = defaulted(
  coerce(string(), union([array(string()), number()]), (value) => String(firstOf<string | number>(value) ?? '')),
  '',
);
const Checkbox = defaulted(
  coerce(boolean(), union([string(), array(string())]), (value) => CHECKED.has(String(firstOf(value)).trim().toLowerCase())),
  false,
);
const UploadIds = defaulted(
  coerce(array(pattern(string(), UPLOAD_ID)), string(), (value) => (value === '' ? [] : [value])),
  [],
);

/** Refinements written here, whose failures are §5 messages (superstruct's own, like `pattern`, are English). */
const OWN_REFINEMENTS = new Set(['maxFiles', 'rules']);

function fieldStruct(field: FieldDefinition, maxFiles: number): Struct<unknown, unknown> {
  if (field.kind === 'checkbox') return Checkbox as Struct<unknown, unknown>;
  if (field.kind === 'file') {
    const limit = maxFilesOf(field, maxFiles);
    return refine(UploadIds, 'maxFiles', (ids) => ids.length <= limit || UPLOAD_MESSAGES.count(limit)) as Struct<unknown, unknown>;
  }
  return Text as Struct<unknown, unknown>;
}

/** The body of one form: the field types, then every §5 rule of every field (one message each). */
export function formBody(form: FormName, maxFiles: number) {
  const { fields } = FORMS[form];
  const shape = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldStruct(field, maxFiles)]));
  return refine(object(shape), 'rules', (values) => {
    const record = values as Record<string, unknown>;
    return Object.entries(fields).flatMap(([name, field]) => {
      const message = validateValue(record[name], rulesOf(field, record), { label: field.label, values: record });
      return message === undefined ? [] : [{ path: [name], key: name, message }];
    });
  });
}

export type FormValues = Record<string, string | boolean | string[]>;

/** Values, or field → §5 message. Unknown keys were dropped before; a wrong type is "{field} is not valid". */
export function validateFormBody(
  form: FormName,
  body: Record<string, unknown>,
  maxFiles: number,
): { values: FormValues; errors?: undefined } | { errors: Record<string, string>; values?: undefined } {
  const { fields } = FORMS[form];
  const known = Object.fromEntries(
    Object.keys(fields)
      .filter((name) => name in body)
      .map((name) => [name, body[name]]),
  );
  const [error, values] = validate(known, formBody(form, maxFiles), { coerce: true });
  if (error === undefined) return { values: asTyped(form, trimmed(values as FormValues)) };
  const errors: Record<string, string> = {};
  for (const failure of error.failures()) {
    const name = String(failure.path[0] ?? '');
    const field = fields[name];
    if (field === undefined || name in errors) continue;
    // Our refinements carry their §5 message; anything else superstruct refused gets §5's catch-all, never its English.
    errors[name] =
      failure.refinement !== undefined && OWN_REFINEMENTS.has(failure.refinement)
        ? failure.message
        : VALIDATION_MESSAGES.other(field.label);
  }
  return { errors };
}

function trimmed(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
}

/** E-mail fields stored and mailed as the visitor typed them, not as the browser encoded them. */
function asTyped(form: FormName, values: FormValues): FormValues {
  const { fields } = FORMS[form];
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      fields[key]?.kind === 'email' && typeof value === 'string' ? addressAsTyped(value) : value,
    ]),
  );
}

/** Fields every form sends besides its own (`META_FIELDS`): anti-bot signals, the page, UTM (§5). */
const Meta = object({
  honeypot: optional(string()),
  startedAt: optional(coerce(number(), string(), Number)),
  fillMs: optional(coerce(number(), string(), Number)),
  page: optional(string()),
  utm: optional(object()),
});

export type SubmissionMeta = ReturnType<typeof readMeta>;

/** Reads the extra fields leniently: a malformed one counts as absent, never as an error. */
export function readMeta(body: Record<string, unknown>, now: number, referer: string | undefined) {
  const pick = (key: string) => firstOf(body[key]);
  const raw = Object.entries(META_FIELDS).map(([key, name]) => [key, key === 'utm' ? body[name] : pick(name)] as const);
  const present = Object.fromEntries(raw.filter(([, value]) => value !== undefined && value !== ''));
  const [error, meta] = validate(present, Meta, { coerce: true });
  const safe = error === undefined ? meta : {};
  const startedAt = safe.startedAt;
  const fillMs = Number.isFinite(safe.fillMs) ? safe.fillMs : Number.isFinite(startedAt) ? now - (startedAt as number) : undefined;
  // UTM (§5): the browser's session storage, else flat utm_* fields, else the query of the posting page (Referer).
  const flat = Object.fromEntries(UTM_KEYS.map((key) => [key, firstOf(body[key])]));
  let utm = sanitizeUtm(safe.utm);
  if (Object.keys(utm).length === 0) utm = sanitizeUtm(flat);
  const refererUrl = referer ? (URL.parse(referer) ?? undefined) : undefined;
  if (Object.keys(utm).length === 0 && refererUrl) utm = sanitizeUtm(Object.fromEntries(refererUrl.searchParams));
  return {
    honeypot: typeof safe.honeypot === 'string' ? safe.honeypot : '',
    // How long the visitor spent on the form, if the form told us.
    fillMs: fillMs !== undefined && Number.isFinite(fillMs) ? fillMs : undefined,
    page: withoutFormResult(safePath(safe.page) ?? (refererUrl ? safePath(refererUrl.pathname + refererUrl.search) : undefined)) ?? null,
    utm,
  };
}

/** The page without `_result`, the visitor's own result a form sent again from its page carries (decision 030). */
export function withoutFormResult(page: string | undefined): string | undefined {
  if (page === undefined || !page.includes(FORM_RESULT_PARAM)) return page;
  const url = new URL(page, 'https://site.invalid');
  if (!url.searchParams.has(FORM_RESULT_PARAM)) return page;
  url.searchParams.delete(FORM_RESULT_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}
