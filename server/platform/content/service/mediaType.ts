// JSON:API 1.1's content negotiation (decisions 038, 047: negotiator does not apply its rules), quoted strings known.

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** One media range: its type and parameters, names lowercased, values unquoted. */
type MediaRange = { readonly type: string; readonly parameters: readonly (readonly [name: string, value: string])[] };

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

/** What a JSON:API media type's parameters ask: `profile` may be ignored, an `ext` is not supported, others are not JSON:API's. */
function refusalOf(parameters: MediaRange['parameters']): 'foreign parameter' | 'unsupported extension' | undefined {
  if (parameters.some(([name]) => name !== 'ext' && name !== 'profile')) return 'foreign parameter';
  if (parameters.some(([name, value]) => name === 'ext' && value.trim() !== '')) return 'unsupported extension';
  return undefined;
}

/** False only when `Accept` names the JSON:API type and refuses every instance of it (a weight is an accept parameter). */
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

/** Why a `Content-Type` is a 415 (the JSON:API type refused as above, or a body in any other type), or undefined. */
export function contentTypeRefusal(contentType: string | undefined, hasBody: boolean): string | undefined {
  if (contentType === undefined) return hasBody ? 'A request document is application/vnd.api+json.' : undefined;
  const range = mediaRange(contentType);
  if (range.type !== JSON_API_MEDIA_TYPE) return hasBody ? 'A request document is application/vnd.api+json.' : undefined;
  const refusal = refusalOf(range.parameters);
  if (refusal === 'foreign parameter') return 'The JSON:API media type takes no parameters but ext and profile.';
  if (refusal === 'unsupported extension') return 'This service supports no JSON:API extension.';
  return undefined;
}
