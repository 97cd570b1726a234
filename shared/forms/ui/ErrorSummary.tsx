import type { MouseEvent } from 'react';
import { FORMS, type FormName } from '../definitions.ts';
import { FORM_MESSAGES } from '../messages.ts';
import { summaryListStyles, summaryRegionStyles, alertStyles } from './styles.ts';

/**
 * What to fix, at the top of a form after a failed submit, with or without JavaScript (decision
 * 030); a live region always in the page, each line linking to its field, empty taking no room.
 */
export function ErrorSummary({
  form,
  idPrefix,
  order,
  errors,
  id,
}: {
  readonly form: FormName;
  readonly idPrefix: string;
  /** Field names in the order the form shows them. */
  readonly order: readonly string[];
  readonly errors: Readonly<Record<string, string>> | undefined;
  /** The anchor a form posted without JavaScript returns to. */
  readonly id?: string | undefined;
}) {
  const fields = FORMS[form].fields;
  const named = Object.keys(errors ?? {}).filter((name) => fields[name] !== undefined);
  const listed = [...order.filter((name) => named.includes(name)), ...named.filter((name) => !order.includes(name))];
  const focusField = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    const control = document.getElementById(`${idPrefix}-${name}`);
    if (control === null) return;
    event.preventDefault();
    control.focus();
  };
  return (
    <div role="alert" id={id} css={summaryRegionStyles} data-error-summary="">
      {errors !== undefined && listed.length > 0 ? (
        <div css={alertStyles}>
          <p>{FORM_MESSAGES.fixErrors}</p>
          <ul css={summaryListStyles}>
            {listed.map((name) => (
              <li key={name}>
                <a href={`#${idPrefix}-${name}`} onClick={(event) => focusField(event, name)}>
                  {fields[name]!.label}: {errors[name]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
