import { FORM_ERROR, type FormApi } from 'final-form';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../ui/Button.tsx';
import { FORMS, META_FIELDS, type FormName } from './definitions.ts';
import { formResultAnchor } from './formResult.ts';
import { useFormFacts } from './rootFacts.ts';
import { UPLOAD_PATH } from '../routes/serverMounts.ts';
import { FORM_MESSAGES } from './messages.ts';
import { retryWhileUnavailable } from './retryWhileUnavailable.ts';
import { formEndpoint, submitLead } from './submitLead.ts';
import { captureUtmParams } from './utm.ts';
import { ErrorSummary } from './ui/ErrorSummary.tsx';
import { FormField } from './ui/FormField.tsx';
import { watchPointer } from './ui/pointerRelease.ts';
import { LEAD_SENT_STATE } from './successFocus.ts';
import { LeadFormContext } from './ui/formContext.ts';
import { controlState, typedBeforeHydration } from './ui/typedBeforeHydration.ts';
import { alertStyles, formStyles, rowStyles, statusStyles, successStyles } from './ui/styles.ts';

/** Props every lead form takes (the modal and the pages pass them). */
export interface LeadFormCommonProps {
  /** Heading above the fields; none by default (the page or the modal has its own). */
  readonly title?: ReactNode;
  readonly description?: ReactNode;
  /** Called with the lead id after the server stored it (e.g. the modal closes itself). */
  readonly onSuccess?: (id: string) => void;
  /** §7 "a configurable URL" of the file upload call. */
  readonly uploadUrl?: string;
  /** The id of the <form> element (anchors such as `subscribe-email` target it). */
  readonly id?: string;
}

interface LeadFormProps extends LeadFormCommonProps {
  readonly form: FormName;
  /** Field names by row; two names in a row sit side by side on wider screens. */
  readonly layout: readonly (string | readonly [string, string])[];
  readonly submitLabel: string;
  /** Values set from outside (the modal's service type); a change updates and validates the field. */
  readonly presets?: Readonly<Record<string, string | undefined>>;
  /** Where a successful submission navigates; without it the form confirms in place. */
  readonly successPath?: string;
}

/** Field → message of the fields that have one (final-form's errors hold `undefined` for the others). */
function messagesOf(errors: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Focuses the first control, in the page's order, of a field in `errors`; whether there was one. */
function focusFirstError(form: HTMLFormElement | null, errors: Readonly<Record<string, string>>): boolean {
  const first = Array.from(form?.elements ?? []).find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && 'name' in element && (element as HTMLInputElement).name in errors,
  );
  first?.focus();
  return first !== undefined;
}

/** The files a form posted without JavaScript already stored that are still ticked, by field (decision 030). */
function keptUploadsIn(form: HTMLFormElement | null): Record<string, string[]> {
  const kept: Record<string, string[]> = {};
  for (const box of form?.querySelectorAll<HTMLInputElement>('input[data-kept-file]:checked') ?? []) {
    (kept[box.name] ??= []).push(box.value);
  }
  return kept;
}

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A lead form: react-final-form with the shared §5 rules, files sent to the upload call, fields as
 * JSON to `/api/forms/<form>`; without JavaScript the same markup posts there as multipart.
 */
export function LeadForm(props: LeadFormProps) {
  const { form, layout, submitLabel, presets, successPath, onSuccess, title, description } = props;
  const definition = FORMS[form];
  // The server's configured limits (UPLOAD_MAX_FILES, UPLOAD_MAX_FILE_MIB), told with the root data.
  const limits = useFormFacts().uploadLimits;
  const idPrefix = `lead-${form}-${useId().replace(/[^\w-]/g, '')}`;
  const location = useLocation();
  const navigate = useNavigate();
  // What this form posted without JavaScript led to (decision 030), only on the page it returned to.
  const rootResult = useFormFacts().formResult;
  const result = rootResult?.form === form && location.key === 'default' ? rootResult : undefined;
  const invalid = result?.status === 'invalid' ? result : undefined;
  const [attempt, setAttempt] = useState(0);
  const [modelUpdates, setModelUpdates] = useState<Record<string, number>>({});
  const [doneId, setDoneId] = useState<string | undefined>(result?.status === 'accepted' ? result.leadId : undefined);
  /** What the form says while it sends itself again. */
  const [retryStatus, setRetryStatus] = useState('');
  /** What the error summary lists: the last failed attempt's errors, or those a post without JavaScript came back with. */
  const [summary, setSummary] = useState<Readonly<Record<string, string>> | undefined>(invalid?.errors);
  /** Errors of a failed attempt whose first field takes the focus once they are rendered. */
  const focusPending = useRef<Readonly<Record<string, string>> | undefined>(undefined);
  const idempotencyKey = useRef<string | undefined>(undefined);
  const sending = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const success = useRef<HTMLDivElement>(null);
  const formApi = useRef<FormApi<Record<string, unknown>> | undefined>(undefined);

  // Hydrating, before the first paint: what was typed into the server's HTML becomes the form's values.
  useLayoutEffect(() => {
    const api = formApi.current;
    if (api === undefined) return;
    const typed = typedBeforeHydration(
      FORMS[form].fields,
      (name) => controlState(`${idPrefix}-${name}`),
      (name) => api.getFieldState(name)?.value,
    );
    if (Object.keys(typed).length > 0) api.batch(() => Object.entries(typed).forEach(([name, value]) => api.change(name, value)));
  }, [form, idPrefix]);

  useEffect(() => {
    idempotencyKey.current = randomKey();
    captureUtmParams(window.location.search);
    watchPointer();
    // The form hydrates in its own chunk after the page (lazyForms.tsx): mark when it is live.
    formElement.current?.setAttribute('data-interactive', 'true');
  }, []);

  // A preset changed after mount (the modal opened for another service): set it and validate it.
  const presetKey = JSON.stringify(presets ?? {});
  const firstPresets = useRef(presetKey);
  useEffect(() => {
    if (presetKey === firstPresets.current) return;
    firstPresets.current = presetKey;
    for (const [name, value] of Object.entries(presets ?? {})) formApi.current?.change(name, value ?? '');
    setModelUpdates((current) => Object.fromEntries(Object.keys(presets ?? {}).map((name) => [name, (current[name] ?? 0) + 1])));
  }, [presetKey, presets]);

  // After a failed attempt, focus moves to the first field with an error (the summary says what to fix).
  useEffect(() => {
    const errors = focusPending.current;
    if (errors === undefined) return;
    focusPending.current = undefined;
    focusFirstError(formElement.current, errors);
  });

  useEffect(() => {
    if (doneId !== undefined) success.current?.focus();
  }, [doneId]);

  if (doneId !== undefined) {
    return (
      <div
        ref={success}
        id={result?.status === 'accepted' ? formResultAnchor(form) : undefined}
        css={successStyles}
        role="status"
        tabIndex={-1}
        data-lead-form={form}
        data-lead-id={doneId}
      >
        <h3>{definition.success.title}</h3>
        <p>{definition.success.text}</p>
      </div>
    );
  }

  const onSubmit = async (values: Record<string, unknown>) => {
    if (sending.current) return undefined;
    sending.current = true;
    // Files uploaded by one try are not uploaded again by the next (decision 023).
    const uploaded = new WeakMap<object, readonly string[]>();
    const key = idempotencyKey.current ?? randomKey();
    try {
      // The same values and key every try: a try stored although its answer was lost is the same lead.
      const outcome = await retryWhileUnavailable(
        () =>
          submitLead({
            form,
            values: { ...values, [META_FIELDS.honeypot]: honeypot.current?.value ?? '' },
            uploadUrl: props.uploadUrl ?? UPLOAD_PATH,
            idempotencyKey: key,
            // Both from the browser at submit, never from the HTML: a cached page is the same for everyone.
            // The fill time counts from the document's start: reading, then autofilling, is no bot (decision 039).
            fillMs: performance.now(),
            page: `${location.pathname}${location.search}`,
            uploaded,
            keptUploads: keptUploadsIn(formElement.current),
          }),
        {
          onWait: (seconds) => setRetryStatus(FORM_MESSAGES.retrying(seconds)),
          onResend: () => setRetryStatus(FORM_MESSAGES.resending),
        },
      );
      setRetryStatus('');
      if (outcome.ok) {
        onSuccess?.(outcome.id);
        // The page it lands on puts the focus on its message (successFocus.ts).
        if (successPath !== undefined) await navigate(successPath, { state: { [LEAD_SENT_STATE]: true } });
        else setDoneId(outcome.id);
        return undefined;
      }
      const fieldErrors = messagesOf(outcome.errors);
      if (Object.keys(fieldErrors).length > 0) {
        focusPending.current = fieldErrors;
        setSummary(fieldErrors);
      }
      setAttempt((value) => value + 1);
      return { ...outcome.errors, [FORM_ERROR]: outcome.formError };
    } finally {
      sending.current = false;
    }
  };

  const initialValues = {
    ...Object.fromEntries(Object.entries(presets ?? {}).filter(([, value]) => value !== undefined)),
    ...invalid?.values,
  };
  return (
    <LeadFormContext.Provider
      value={{ form, idPrefix, limits, attempt, modelUpdates, resultErrors: invalid?.errors, keptFiles: invalid?.files }}
    >
      <Form
        onSubmit={onSubmit}
        initialValues={initialValues}
        subscription={{ submitting: true, submitError: true }}
        render={({ handleSubmit, submitting, submitError, form: api }) => {
          formApi.current = api;
          return (
            <form
              ref={formElement}
              id={props.id}
              css={formStyles}
              method="post"
              action={formEndpoint(form)}
              encType="multipart/form-data"
              noValidate
              aria-labelledby={title ? `${idPrefix}-title` : undefined}
              aria-busy={submitting || undefined}
              data-lead-form={form}
              onSubmit={(event) => {
                event.preventDefault();
                if (submitting || sending.current) return;
                // final-form runs the field rules as values change: their errors are known now.
                const errors = messagesOf(api.getState().errors);
                const failed = Object.keys(errors).length > 0;
                focusPending.current = failed ? errors : undefined;
                setSummary(failed ? errors : undefined);
                setAttempt((value) => value + 1);
                void handleSubmit(event);
              }}
            >
              {title ? <h2 id={`${idPrefix}-title`}>{title}</h2> : null}
              {description ? <p>{description}</p> : null}
              <ErrorSummary
                form={form}
                idPrefix={idPrefix}
                order={layout.flat()}
                errors={summary}
                id={invalid && attempt === 0 ? formResultAnchor(form) : undefined}
              />
              {layout.map((row) =>
                typeof row === 'string' ? (
                  <FormField key={row} name={row} />
                ) : (
                  <div key={row.join('+')} css={rowStyles}>
                    <FormField name={row[0]} />
                    <FormField name={row[1]} />
                  </div>
                ),
              )}
              {/* Anti-bot: a field people never see, not displayed at all so no autofill writes into it. */}
              <div hidden>
                <label>
                  Сайт (оставьте пустым)
                  <input ref={honeypot} type="text" name={META_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
                </label>
              </div>
              {/* Field errors are the summary's; this says what concerns the whole form (the network, the rate limit). */}
              {submitError && submitError !== FORM_MESSAGES.fixErrors ? (
                <p role="alert" css={alertStyles} data-form-error="">
                  {submitError as string}
                </p>
              ) : null}
              <div>
                <Button type="submit" variant="primary" size="lg" disabled={submitting} aria-disabled={submitting || undefined}>
                  {submitting ? 'Отправляем…' : submitLabel}
                </Button>
                {/* Always in the page, so assistive technology announces what is written into it. */}
                <p role="status" aria-live="polite" css={statusStyles} data-form-status="">
                  {retryStatus}
                </p>
              </div>
            </form>
          );
        }}
      />
    </LeadFormContext.Provider>
  );
}
