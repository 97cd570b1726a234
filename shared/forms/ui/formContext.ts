import { createContext, useContext } from 'react';
import type { FormName } from '../definitions.ts';
import type { KeptFile } from '../formResult.ts';
import type { UploadLimits } from '../uploads.ts';

export interface LeadFormContextValue {
  readonly form: FormName;
  /** Prefix of element ids (React `useId`), unique per form on the page. */
  readonly idPrefix: string;
  readonly limits: UploadLimits;
  /** Increments on every submit attempt: each field then shows its current error. */
  readonly attempt: number;
  /** Field → increments when the field's value was set from outside (a preset): it validates too. */
  readonly modelUpdates: Readonly<Record<string, number>>;
  /** The server's errors of a form posted without JavaScript (decision 030), shown until the field changes. */
  readonly resultErrors?: Readonly<Record<string, string>> | undefined;
  /** Files that post already stored: sent again by id while their box stays ticked. */
  readonly keptFiles?: readonly KeptFile[] | undefined;
}

export const LeadFormContext = createContext<LeadFormContextValue | undefined>(undefined);

export function useLeadFormContext(): LeadFormContextValue {
  const value = useContext(LeadFormContext);
  if (value === undefined) throw new Error('A lead form field must be inside <LeadForm>');
  return value;
}
