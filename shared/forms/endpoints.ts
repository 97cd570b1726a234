import { FORMS_API_PATH } from '../routes/serverMounts.ts';
import type { FormName } from './definitions.ts';

/** The endpoint of one form; also the no-JavaScript form's `action`. */
export const formEndpoint = (form: FormName) => `${FORMS_API_PATH}/${form}`;
