import { useRouteLoaderData } from 'react-router';
import { ROOT_ROUTE_ID } from '../routes/table.ts';
import type { FormResult } from './formResult.ts';
import type { UploadLimits } from './uploads.ts';

/** What the forms read of the root data (`shared/page-kit/rootData.ts` extends it). */
export interface FormFacts {
  /** The server's configured upload limits: the forms' file fields check and state these. */
  readonly uploadLimits: UploadLimits;
  /** What a form posted without JavaScript led to, on the (never cached) page it returned to (decision 030). */
  readonly formResult: FormResult | null;
}

export function useFormFacts(): FormFacts {
  const data = useRouteLoaderData<FormFacts>(ROOT_ROUTE_ID);
  if (data === undefined) throw new Error('Root data is not loaded');
  return data;
}
