import type { FormName } from './definitions.ts';

/**
 * What a form posted without JavaScript led to (decision 030): kept an hour under a random id, the
 * post answered with a 303 to the page with `?_result=<id>`, whose form renders it.
 */
export const FORM_RESULT_PARAM = '_result';

/** A file the upload already stored: the form sends its id again instead of the file. */
export interface KeptFile {
  readonly id: string;
  readonly field: string;
  readonly name: string;
  readonly size: number;
}

export type FormResult =
  | { readonly form: FormName; readonly status: 'accepted'; readonly leadId: string }
  | {
      readonly form: FormName;
      readonly status: 'invalid';
      /** What the visitor typed, field by field (files aside). */
      readonly values: Readonly<Record<string, string | boolean>>;
      /** Field → §5 message. */
      readonly errors: Readonly<Record<string, string>>;
      readonly files: readonly KeptFile[];
    };

/** The id of the element a result lands on: the browser scrolls to it without JavaScript. */
export const formResultAnchor = (form: FormName) => `${form}-form-result`;
