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
