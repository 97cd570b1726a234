/**
 * JSON:API 1.1's content negotiation (https://jsonapi.org/format/1.1/#content-negotiation), read
 * from the headers by a small parser that knows quoted strings (an `ext` or `profile` value is a
 * quoted, space-separated list of URIs, commas and semicolons allowed inside): one pass over the
 * header, no regular expression, linear in its length.
 */

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** One media range of a header: its type and its parameters, names lowercased, values unquoted. */
interface MediaRange {
  readonly type: string;
  readonly parameters: readonly (readonly [name: string, value: string])[];
}

/** `text` split at `separator` wherever it is outside a quoted string (RFC 9110 §5.6.4, backslash escapes included). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted && char === '\\') index += 1;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replaceAll('\\', '') : value;
}

function mediaRange(text: string): MediaRange {
  const [type = '', ...parameters] = splitOutsideQuotes(text, ';').map((part) => part.trim());
  return {
    type: type.toLowerCase(),
    parameters: parameters
      .filter((parameter) => parameter !== '')
      .map((parameter) => {
        const equals = parameter.indexOf('=');
        return equals === -1
          ? ([parameter.toLowerCase(), ''] as const)
          : ([parameter.slice(0, equals).trim().toLowerCase(), unquote(parameter.slice(equals + 1).trim())] as const);
      }),
  };
}

/**
 * What a JSON:API media type's parameters ask of this service, which supports no extension:
 * `profile` may be ignored; `ext` names extensions it does not support; any other parameter is
 * not JSON:API's.
 */
function refusalOf(parameters: MediaRange['parameters']): 'foreign parameter' | 'unsupported extension' | undefined {
  if (parameters.some(([name]) => name !== 'ext' && name !== 'profile')) return 'foreign parameter';
  if (parameters.some(([name, value]) => name === 'ext' && value.trim() !== '')) return 'unsupported extension';
  return undefined;
}

/**
 * Whether `Accept` leaves the service something to answer with: false only when the header names
 * the JSON:API media type and every instance of it is refused — by a parameter other than `ext`
 * and `profile`, by an extension the service lacks, or by a weight of 0. A weight (`q`) is not a
 * media type parameter (RFC 9110 §12.5.1: it and what follows are the range's accept parameters),
 * so `application/vnd.api+json;q=0.9` is acceptable.
 */
export function acceptsJsonApi(accept: string | undefined): boolean {
  if (accept === undefined) return true;
  const instances = splitOutsideQuotes(accept, ',')
    .map(mediaRange)
    .filter((range) => range.type === JSON_API_MEDIA_TYPE);
  if (instances.length === 0) return true;
  return instances.some((range) => {
    const weightAt = range.parameters.findIndex(([name]) => name === 'q');
    const parameters = weightAt === -1 ? range.parameters : range.parameters.slice(0, weightAt);
    const weight = weightAt === -1 ? 1 : Number(range.parameters[weightAt]?.[1]);
    return refusalOf(parameters) === undefined && weight > 0;
  });
}

/**
 * Why a request's `Content-Type` is refused with 415, or undefined: the JSON:API media type with
 * a parameter other than `ext` and `profile`, or with an extension the service lacks; and a
 * request that carries a body in any other type (a JSON:API request document is always
 * `application/vnd.api+json`).
 */
export function contentTypeRefusal(contentType: string | undefined, hasBody: boolean): string | undefined {
  if (contentType === undefined) return hasBody ? 'A request document is application/vnd.api+json.' : undefined;
  const range = mediaRange(contentType);
  if (range.type !== JSON_API_MEDIA_TYPE) return hasBody ? 'A request document is application/vnd.api+json.' : undefined;
  const refusal = refusalOf(range.parameters);
  if (refusal === 'foreign parameter') return 'The JSON:API media type takes no parameters but ext and profile.';
  if (refusal === 'unsupported extension') return 'This service supports no JSON:API extension.';
  return undefined;
}
