import { FORMS, fileFieldsOf, META_FIELDS, type FormName } from './definitions.ts';
import { FORM_MESSAGES } from './messages.ts';
import { readUtmParams } from './utm.ts';
import { showGenericErrorToast } from '../ui/toastStore.ts';
import { FORMS_API_PATH } from '../routes/serverMounts.ts';

/** The endpoint of one form; also the no-JavaScript form's `action`. */
export const formEndpoint = (form: FormName) => `${FORMS_API_PATH}/${form}`;

/** What the form shows after a submission attempt. */
export type SubmitOutcome =
  | { readonly ok: true; readonly id: string }
  | {
      readonly ok: false;
      readonly errors: Readonly<Record<string, string>>;
      readonly formError?: string;
      /** The server could not store the form for a moment (503 with Retry-After): try again after this. */
      readonly retryAfterMs?: number;
    };

export interface SubmitLeadOptions {
  readonly form: FormName;
  /** Field values; file fields hold `File[]`. */
  readonly values: Readonly<Record<string, unknown>>;
  /** §7 "File upload can POST multipart form data to a configurable URL". */
  readonly uploadUrl: string;
  /** One per filled form: the server answers a retry with the first submission's id. */
  readonly idempotencyKey: string;
  /** Time since the form was shown (minimum fill time against bots, docs/security.md). */
  readonly fillMs: number;
  readonly page: string;
  /** Upload ids of file lists an earlier try of the same submission uploaded: never uploaded twice. */
  readonly uploaded?: WeakMap<object, readonly string[]>;
  /** Upload ids of files a form posted without JavaScript already stored, by field (decision 030). */
  readonly keptUploads?: Readonly<Record<string, readonly string[]>>;
  readonly fetch?: typeof fetch;
}

interface ProblemBody {
  readonly error?: string;
  readonly errors?: Record<string, string>;
}

const readJson = <T>(response: Response): Promise<T | undefined> => (response.json() as Promise<T>).catch(() => undefined);

/** `Retry-After` in seconds (the server's form; a date is not), as milliseconds. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('Retry-After');
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return undefined;
  return Number(value) * 1000;
}

function failure(response: Response, body: ProblemBody | undefined, mapField?: (name: string) => string): SubmitOutcome {
  // The leads database is away for a moment (decision 023): no toast, the form will try again.
  const retryAfter = response.status === 503 ? retryAfterMs(response) : undefined;
  if (retryAfter !== undefined) return { ok: false, errors: {}, formError: body?.error ?? FORM_MESSAGES.generic, retryAfterMs: retryAfter };
  if (response.status === 429) {
    const seconds = Number(response.headers.get('Retry-After'));
    const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.ceil(seconds / 60)) : 1;
    return { ok: false, errors: {}, formError: FORM_MESSAGES.rateLimited(minutes) };
  }
  // §8: a server failure is nothing the visitor did: the generic toast, besides the form's message.
  if (response.status >= 500) showGenericErrorToast();
  const errors = Object.fromEntries(
    Object.entries(body?.errors ?? {}).map(([name, message]) => [mapField ? mapField(name) : name, message]),
  );
  if ((response.status === 422 || response.status === 413) && Object.keys(errors).length > 0) {
    return { ok: false, errors, formError: FORM_MESSAGES.fixErrors };
  }
  return { ok: false, errors: {}, formError: body?.error ?? FORM_MESSAGES.generic };
}

/**
 * Sends a filled form: files first, one call per file field (an error lands beside its field),
 * then the fields as JSON with the upload ids, §5's UTM parameters, the page and the fill time.
 */
export async function submitLead(options: SubmitLeadOptions): Promise<SubmitOutcome> {
  const send = options.fetch ?? fetch;
  const fileFields = fileFieldsOf(options.form);
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options.values)) {
    if (!fileFields.includes(name) && name in FORMS[options.form].fields) body[name] = value;
  }
  try {
    for (const name of fileFields) {
      const files = (options.values[name] as File[] | undefined) ?? [];
      const kept = options.keptUploads?.[name] ?? [];
      if (kept.length > 0) body[name] = kept;
      if (files.length === 0) continue;
      const earlier = options.uploaded?.get(files);
      if (earlier !== undefined) {
        body[name] = [...kept, ...earlier];
        continue;
      }
      const data = new FormData();
      for (const file of files) data.append('files', file, file.name);
      const response = await send(options.uploadUrl, { method: 'POST', body: data, headers: { Accept: 'application/json' } });
      const answer = await readJson<ProblemBody & { files?: { id: string }[] }>(response);
      if (response.status !== 201 || !answer?.files) return failure(response, answer, () => name);
      const ids = answer.files.map((file) => file.id);
      options.uploaded?.set(files, ids);
      body[name] = [...kept, ...ids];
    }
    const response = await send(formEndpoint(options.form), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': options.idempotencyKey },
      body: JSON.stringify({
        ...body,
        [META_FIELDS.fillMs]: Math.round(options.fillMs),
        [META_FIELDS.page]: options.page,
        [META_FIELDS.utm]: readUtmParams(),
      }),
    });
    const answer = await readJson<ProblemBody & { id?: string }>(response);
    if (response.status === 201 && typeof answer?.id === 'string') return { ok: true, id: answer.id };
    return failure(response, answer);
  } catch {
    // §8: the request was lost on the network: the generic toast, besides the form's message.
    showGenericErrorToast();
    return { ok: false, errors: {}, formError: FORM_MESSAGES.network };
  }
}
