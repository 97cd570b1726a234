/**
 * Client navigation gets its data from this server, never from the content service: the browser
 * requests the page URL with `?_data=<route ids>` and receives JSON instead of HTML. The same
 * middleware chain runs for both, so redirects and 404s are decided by the same rules.
 */
export const DATA_PARAM = '_data';

export type SerializedError =
  | { readonly __type: 'RouteErrorResponse'; readonly status: number; readonly statusText: string; readonly data: unknown }
  | { readonly __type: 'Error'; readonly message: string };

export type DataPayload =
  | { readonly redirect: string; readonly status: number }
  | {
      readonly status: number;
      readonly loaderData: Readonly<Record<string, unknown>>;
      readonly errors: Readonly<Record<string, SerializedError>> | null;
    };
