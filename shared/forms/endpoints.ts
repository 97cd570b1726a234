import type { FormName } from './definitions.ts';

/**
 * Where the forms post (§7 leaves the endpoints open): the site's script and the no-JavaScript
 * form use these addresses, and the server mounts its handlers at them.
 */
export const FORMS_API_PATH = '/api/forms';

/** §7 "File upload can POST multipart form data to a configurable URL": the server's own address. */
export const UPLOAD_PATH = '/api/upload';

/** The endpoint of one form; also the no-JavaScript form's `action`. */
export const formEndpoint = (form: FormName) => `${FORMS_API_PATH}/${form}`;
