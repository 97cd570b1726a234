/** A refusal with the HTTP status /_ipx answers; its message is safe to show (no paths, no hosts). */
export class ImageError extends Error {
  override name = 'ImageError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `decodeURIComponent`, whose malformed escape is the request's fault (400 with `message`). */
export function decodedOr400(value: string, message: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ImageError(400, message);
  }
}

/** Nobody waits for the image any more: its job stopped (never sent: the client is gone). */
export class ClientLeft extends ImageError {
  constructor() {
    super(499, 'Клиент ушёл');
  }
}

/** A refusal the client brought on itself, held a moment before it is sent (decision 024). */
export class ClientRefusal extends ImageError {}
