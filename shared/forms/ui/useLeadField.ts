import { useEffect, useRef, useState } from 'react';
import { useField, useForm } from 'react-final-form';
import { FORMS, maxFilesOf, validateField } from '../definitions.ts';
import { checkFiles, type FileLike } from '../uploads.ts';
import { useLeadFormContext } from './formContext.ts';

/**
 * One field with §5's timing: checked on blur, on a choice, at each submit and when set from
 * outside, never per keystroke; a server's error shows until the visitor changes the field.
 */
export function useLeadField(name: string) {
  const { form, idPrefix, limits, attempt, modelUpdates, resultErrors } = useLeadFormContext();
  const definition = FORMS[form].fields[name];
  if (definition === undefined) throw new Error(`Form ${form} has no field ${name}`);
  const isFile = definition.kind === 'file';
  const field = useField(name, {
    type: definition.kind === 'checkbox' ? 'checkbox' : undefined,
    validate: (value: unknown, values: object) => {
      const message = validateField(form, name, values as Record<string, unknown>);
      if (message !== undefined || !isFile) return message;
      const maxFiles = maxFilesOf(definition, limits.maxFiles);
      return checkFiles((value as FileLike[] | undefined) ?? [], { maxFiles, maxFileBytes: limits.maxFileBytes });
    },
    subscription: { value: true, submitError: true, dirtySinceLastSubmit: true, submitting: true, dirty: true },
  });
  const api = useForm();
  const [shownError, setShownError] = useState<string | undefined>(undefined);
  const commit = () => setShownError(api.getFieldState(name)?.error as string | undefined);

  useCommitOnChange(attempt, commit);
  useCommitOnChange(modelUpdates[name] ?? 0, commit);

  const serverError = field.meta.dirtySinceLastSubmit ? undefined : (field.meta.submitError as string | undefined);
  const resultError = field.meta.dirty ? undefined : resultErrors?.[name];
  const error = shownError ?? serverError ?? resultError;
  const id = `${idPrefix}-${name}`;
  const hintId = definition.hint !== undefined || isFile ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return {
    definition,
    input: field.input,
    error,
    commit,
    id,
    hintId,
    errorId,
    describedBy: [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined,
    required: definition.rules.some((rule) => rule === 'required' || rule === 'required-true'),
  };
}

/** Shows the field's current error after a render where `count` changed (a submit attempt, a preset). */
function useCommitOnChange(count: number, commit: () => void): void {
  const last = useRef(count);
  useEffect(() => {
    if (count === last.current) return;
    last.current = count;
    commit();
  });
}
