import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import type { SerializedError } from '../../shared/routes/dataRequest.ts';

// `</script>`, `<!--` and the JavaScript line terminators U+2028/U+2029 in content must not
// end the script or break parsing: the JSON is embedded as a string literal with these escaped,
// which is what react-router's own StaticRouterProvider does.
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029',
};

export function escapeJsonForScript(value: unknown): string {
  return JSON.stringify(JSON.stringify(value)).replace(UNSAFE, (char) => ESCAPES[char] ?? char);
}

/** Errors as react-router's browser router expects them in `hydrationData.errors`. */
export function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, SerializedError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]): [string, SerializedError] => [
      id,
      isRouteErrorResponse(error)
        ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data }
        : { __type: 'Error', message: 'Произошла ошибка. Повторите попытку позже' },
    ]),
  );
}

/** The inline script that hands loader data to `createBrowserRouter` (no second fetch). */
export function hydrationScript(context: StaticHandlerContext): string {
  const data = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
  return `window.__staticRouterHydrationData=JSON.parse(${escapeJsonForScript(data)});`;
}
