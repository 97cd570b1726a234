import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import { ERROR_TEXTS } from '../../../../shared/app/ErrorPage.tsx';
import type { SerializedError } from '../../../../shared/routes/dataRequest.ts';
import { HYDRATION_DATA_ID } from '../../../../shared/routes/hydrationData.ts';

/** Errors as react-router's browser router expects them in `hydrationData.errors`. */
export function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, SerializedError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]): [string, SerializedError] => [
      id,
      isRouteErrorResponse(error)
        ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data }
        : { __type: 'Error', message: ERROR_TEXTS.appErrorHint },
    ]),
  );
}

/** The loader data as a JSON block, every `<` as `\u003c` (no `</script>`, no `<!--`); JSON.parse keeps `__proto__` as data. */
export function hydrationDataBlock(context: StaticHandlerContext): string {
  const data = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
  return `<script type="application/json" id="${HYDRATION_DATA_ID}">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>`;
}
