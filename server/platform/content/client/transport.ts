import { ContentResponseError, ContentUnavailableError } from './errors.ts';

/** How a request reaches the service: `fetch` over HTTP, or the embedded service in-process. */
export type Transport = (
  url: string,
  init: { readonly signal: AbortSignal; readonly headers: Record<string, string> },
) => Promise<Response>;

export interface GetOptions {
  readonly transport: Transport;
  /** Per attempt, covering headers and body. */
  readonly timeoutMs: number;
  /** Extra attempts after a failure that may be transient (network, timeout, 5xx, 429). */
  readonly retries: number;
  /** Sent with every attempt besides `Accept` (the preview's `Authorization`). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** A parsed JSON:API document, or `null` when the service says the resource does not exist. */
export type GetResult = { readonly status: 200; readonly body: unknown } | { readonly status: 404 };

const RETRY_DELAY_MS = 100;
const JSON_API = 'application/vnd.api+json';

class Transient extends Error {}

/** GET, each attempt timed out, one retry of what may be transient (a blip costs 100 ms, not an error page), never of a 4xx (our bug). */
export async function getDocument(url: string, endpoint: string, options: GetOptions): Promise<GetResult> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    try {
      return await attemptOnce(url, endpoint, options);
    } catch (error) {
      if (!(error instanceof Transient)) throw error;
      lastError = error.cause;
    }
  }
  throw new ContentUnavailableError(endpoint, describe(lastError, options.timeoutMs), { cause: lastError });
}

async function attemptOnce(url: string, endpoint: string, options: GetOptions): Promise<GetResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await options.transport(url, { signal, headers: { ...options.headers, Accept: JSON_API } });
    text = await response.text();
  } catch (error) {
    throw new Transient('request failed', { cause: error });
  }
  if (response.status === 404) return { status: 404 };
  if (response.status >= 500 || response.status === 429) {
    throw new Transient('server error', { cause: new Error(`HTTP ${response.status}`) });
  }
  if (response.status !== 200) throw new ContentUnavailableError(endpoint, `HTTP ${response.status}: ${errorDetail(text)}`);
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.split(';')[0]?.trim().toLowerCase() !== JSON_API) {
    throw new ContentResponseError(endpoint, 'Content-Type', `expected ${JSON_API}, got "${contentType}"`);
  }
  try {
    return { status: 200, body: JSON.parse(text) };
  } catch (error) {
    throw new ContentResponseError(endpoint, '(body)', `not JSON (${(error as Error).message})`);
  }
}

/** The first JSON:API error's detail, if the body is an error document. */
function errorDetail(text: string): string {
  try {
    const parsed = JSON.parse(text) as { errors?: { detail?: string; title?: string }[] };
    return parsed.errors?.[0]?.detail ?? parsed.errors?.[0]?.title ?? 'no error detail';
  } catch {
    return 'no error detail';
  }
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `timed out after ${timeoutMs} ms`;
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
