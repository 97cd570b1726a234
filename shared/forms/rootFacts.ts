import { useRouteLoaderData } from 'react-router';
import { ROOT_ROUTE_ID } from '../routes/table.ts';
import type { FormResult } from './formResult.ts';
import type { UploadLimits } from './uploads.ts';

/**
 * What the forms read of the root route's data. The root data (`shared/page-kit/rootData.ts`)
 * extends this, so the forms name only their part of it and stand below the page contract.
 */
export interface FormFacts {
  /** The server's configured upload limits: the forms' file fields check and state these. */
  readonly uploadLimits: UploadLimits;
  /**
   * What a form posted without JavaScript led to, on the page it returned to (decision 030):
   * the form shows its confirmation, or its errors with what was sent. Such a page is never cached.
   */
  readonly formResult: FormResult | null;
}

export function useFormFacts(): FormFacts {
  const data = useRouteLoaderData<FormFacts>(ROOT_ROUTE_ID);
  if (data === undefined) throw new Error('Root data is not loaded');
  return data;
}
