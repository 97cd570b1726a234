import { startTransition, type ChangeEvent } from 'react';
import { href } from '../../routes/links.ts';
import { maxFilesOf } from '../definitions.ts';
import { ALLOWED_LIST, fileLimitText, formatSize, ACCEPT_ATTRIBUTE } from '../uploads.ts';
import { useLeadFormContext } from './formContext.ts';
import {
  checkboxRowStyles,
  controlStyles,
  errorStyles,
  fieldStyles,
  fileListStyles,
  hintStyles,
  labelStyles,
  requiredMarkStyles,
  textareaStyles,
} from './styles.ts';
import { afterPointerRelease } from './pointerRelease.ts';
import { useLeadField } from './useLeadField.ts';

const INPUT_TYPES = { text: 'text', email: 'email', tel: 'tel', url: 'url' } as const;

/** The asterisk after a required field's label; the control says `aria-required` itself. */
function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span css={requiredMarkStyles} aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

function Label({ htmlFor, text, required }: { htmlFor: string; text: string; required: boolean }) {
  return (
    <label htmlFor={htmlFor} css={labelStyles}>
      {text}
      <RequiredMark required={required} />
    </label>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} css={errorStyles}>
      {error}
    </p>
  ) : null;
}

/** One field of a lead form from its definition, wired for assistive technology; named, it posts without JavaScript. */
export function FormField({ name }: { name: string }) {
  const { limits, keptFiles } = useLeadFormContext();
  const field = useLeadField(name);
  const { definition, input, error, commit, id, hintId, errorId, describedBy, required } = field;
  const aria = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  } as const;

  if (definition.kind === 'checkbox') {
    return (
      <div css={fieldStyles}>
        <div css={checkboxRowStyles}>
          <input
            {...aria}
            type="checkbox"
            name={name}
            value="on"
            checked={Boolean(input.checked)}
            onChange={(event) => {
              input.onChange(event);
              commit();
            }}
            onBlur={input.onBlur}
            onFocus={input.onFocus}
          />
          <label htmlFor={id}>
            Я даю согласие на обработку моих персональных данных в соответствии с{' '}
            <a href={href('documents')} target="_blank" rel="noopener">
              политикой обработки персональных данных
            </a>
            <RequiredMark required={required} />
          </label>
        </div>
        <FieldError id={errorId} error={error} />
      </div>
    );
  }

  if (definition.kind === 'file') {
    const files = (input.value as File[] | '' | undefined) || [];
    const maxFiles = maxFilesOf(definition, limits.maxFiles);
    const kept = keptFiles?.filter((file) => file.field === name) ?? [];
    return (
      <div css={fieldStyles}>
        <Label htmlFor={id} text={definition.label} required={false} />
        <input
          {...aria}
          css={controlStyles}
          type="file"
          name={name}
          multiple={maxFiles > 1}
          accept={ACCEPT_ATTRIBUTE}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            input.onChange(Array.from(event.target.files ?? []));
            commit();
          }}
          onBlur={() => input.onBlur()}
          onFocus={() => input.onFocus()}
        />
        <p id={hintId} css={hintStyles}>
          {definition.hint ? `${definition.hint}. ` : ''}
          {fileLimitText(maxFiles)} не больше {formatSize(limits.maxFileBytes)}: {ALLOWED_LIST}.
        </p>
        {kept.length > 0 ? (
          <ul css={fileListStyles} aria-label="Уже загруженные файлы">
            {kept.map((file) => (
              <li key={file.id}>
                {/* Sent again by id while ticked: the file is not chosen and uploaded twice (decision 030). */}
                <label>
                  <input type="checkbox" name={name} value={file.id} defaultChecked data-kept-file="" /> {file.name} (
                  {formatSize(file.size)})
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        {files.length > 0 ? (
          <ul css={fileListStyles} aria-label="Выбранные файлы">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                {file.name} ({formatSize(file.size)})
              </li>
            ))}
          </ul>
        ) : null}
        <FieldError id={errorId} error={error} />
      </div>
    );
  }

  // §5 checks on blur, but the error renders after the focus ring's paint (decision 017) and after
  // a press's release, so it never moves the pressed control from under the pointer (pointerRelease.ts).
  const blur = () => {
    input.onBlur();
    afterPointerRelease(() => startTransition(commit));
  };
  const value = typeof input.value === 'string' ? input.value : '';
  return (
    <div css={fieldStyles}>
      <Label htmlFor={id} text={definition.label} required={required || definition.requiredUnless !== undefined} />
      {definition.kind === 'textarea' ? (
        <textarea
          {...aria}
          css={textareaStyles}
          name={name}
          value={value}
          onChange={input.onChange}
          onBlur={blur}
          onFocus={input.onFocus}
          rows={5}
        />
      ) : definition.kind === 'select' ? (
        <select
          {...aria}
          css={controlStyles}
          name={name}
          value={value}
          onChange={(event) => {
            input.onChange(event);
            commit();
          }}
          onBlur={blur}
          onFocus={input.onFocus}
        >
          <option value="">Выберите…</option>
          {/* A preset from outside (the modal's service type) that is not one of the choices. */}
          {value !== '' && !definition.options?.includes(value) ? <option value={value}>{value}</option> : null}
          {definition.options?.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...aria}
          css={controlStyles}
          type={INPUT_TYPES[definition.kind] ?? 'text'}
          name={name}
          value={value}
          autoComplete={definition.autoComplete}
          inputMode={definition.kind === 'tel' ? 'tel' : undefined}
          onChange={input.onChange}
          onBlur={blur}
          onFocus={input.onFocus}
        />
      )}
      {definition.hint && hintId ? (
        <p id={hintId} css={hintStyles}>
          {definition.hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
