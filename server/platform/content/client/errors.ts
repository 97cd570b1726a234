/** A content request failed: no content to show, a 503 for loaders (§8), told apart in the logs. */
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

/** A record failing a rule the page cannot do without, refused whole; names resource and field, never the value (decision 021). */
export class ContentValidationError extends ContentResponseError {
  override name = 'ContentValidationError';
  readonly resource: { readonly type: string; readonly id: string; readonly field: string };

  constructor(endpoint: string, field: string, message: string, resource: ContentValidationError['resource']) {
    super(endpoint, field, message);
    this.resource = resource;
  }
}
