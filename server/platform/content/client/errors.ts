/**
 * Why a content request failed. Both kinds mean "no content to show": loaders see them as a
 * 503 (§8 «Ошибка приложения», with Retry-After), middleware can tell them apart for logs.
 */
export class ContentError extends Error {
  override name = 'ContentError';
  /** The request, as `GET /articles?…`, so a log line says which call failed. */
  readonly endpoint: string;

  constructor(endpoint: string, message: string, options?: ErrorOptions) {
    super(`${endpoint}: ${message}`, options);
    this.endpoint = endpoint;
  }
}

/** The service could not be reached, timed out or answered 5xx/4xx, and nothing was cached. */
export class ContentUnavailableError extends ContentError {
  override name = 'ContentUnavailableError';
}

/** The service answered a document of the wrong shape; `field` names the offending member. */
export class ContentResponseError extends ContentError {
  override name = 'ContentResponseError';
  readonly field: string;

  constructor(endpoint: string, field: string, message: string) {
    super(endpoint, `invalid response at ${field}: ${message}`);
    this.field = field;
  }
}

/**
 * A record that fails a rule the page cannot do without (a required field): refused whole.
 * `resource` names the JSON:API resource and its field, for the log and the metric (decision 021);
 * the message says what was expected, never the value received.
 */
export class ContentValidationError extends ContentResponseError {
  override name = 'ContentValidationError';
  readonly resource: { readonly type: string; readonly id: string; readonly field: string };

  constructor(
    endpoint: string,
    field: string,
    message: string,
    resource: { readonly type: string; readonly id: string; readonly field: string },
  ) {
    super(endpoint, field, message);
    this.resource = resource;
  }
}
