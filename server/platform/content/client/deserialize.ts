import { Jsona, SwitchCaseJsonMapper } from 'jsona';
import {
  array,
  integer,
  literal,
  mask,
  min,
  nullable,
  optional,
  record,
  string,
  StructError,
  type,
  union,
  unknown,
  type Struct,
} from 'superstruct';
import { ContentResponseError, ContentValidationError } from './errors.ts';
import { formatPath, validateRecord, type ReportValidationFailure } from './forgivingValidation.ts';

// The JSON:API envelope as accepted before `jsona` flattens it; the flattened records are `shared/content/records.ts`'s.

const ResourceIdentifier = type({ type: string(), id: string() });
const ResourceObject = type({
  type: string(),
  id: string(),
  attributes: optional(record(string(), unknown())),
  relationships: optional(
    record(
      string(),
      type({
        data: optional(union([nullable(ResourceIdentifier), array(ResourceIdentifier)])),
      }),
    ),
  ),
});

const JsonApiDocument = type({
  data: union([ResourceObject, array(ResourceObject), literal(null)]),
  included: optional(array(ResourceObject)),
  links: optional(record(string(), unknown())),
  meta: optional(record(string(), unknown())),
});

/** `meta` of a paged collection (the embedded service's format). */
const CollectionMeta = type({ total: min(integer(), 0) });
const CollectionLinks = type({ next: optional(nullable(string())) });

/** `jsona` flattens JSON:API into plain objects, camelCasing kebab-case names (§3); we only validate around it. */
const jsona = new Jsona({ jsonPropertiesMapper: new SwitchCaseJsonMapper({ camelizeType: false }) });

/** Validates the envelope's `value` against `struct`, naming the endpoint and the first wrong member. */
function validate<T>(value: unknown, struct: Struct<T, unknown>, endpoint: string, root: string): T {
  try {
    return mask(value, struct);
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    const failure = error.failures()[0] ?? error;
    const path: readonly unknown[] = failure.path;
    throw new ContentResponseError(endpoint, formatPath([root, ...path]), failure.message);
  }
}

export interface CollectionPage<T> {
  readonly items: T[];
  readonly total: number;
  /** `links.next`, when the service has more pages. */
  readonly next: string | null;
}

function flatten(body: unknown, endpoint: string): unknown {
  const document = validate(body, JsonApiDocument, endpoint, '');
  try {
    return jsona.deserialize(document as Parameters<Jsona['deserialize']>[0]);
  } catch (error) {
    throw new ContentResponseError(endpoint, 'data', `cannot be flattened (${(error as Error).message})`);
  }
}

/** A single-resource document → one validated record (`forgivingValidation.ts`). */
export function deserializeOne<T>(body: unknown, struct: Struct<T, unknown>, endpoint: string, report: ReportValidationFailure): T {
  const flat = flatten(body, endpoint);
  if (Array.isArray(flat)) throw new ContentResponseError(endpoint, 'data', 'expected one resource, got a list');
  return validateRecord(flat, struct, endpoint, 'data', report);
}

/** The last valid copy of each listed record, by `<type>:<id>` (`reader.ts` keeps them in an LRU). */
export type LastGoodCopies<T> = { get(key: string): T | undefined; set(key: string, value: T): unknown };

/**
 * A collection document → validated records, the total and the next link. A record that cannot be shown is listed
 * as last valid, else left out, and reported: one bad article does not take the blog down (decision 021).
 */
export function deserializeMany<T>(
  body: unknown,
  struct: Struct<T, unknown>,
  endpoint: string,
  report: ReportValidationFailure,
  lastGood?: LastGoodCopies<T>,
): CollectionPage<T> {
  const flat = flatten(body, endpoint);
  if (!Array.isArray(flat)) throw new ContentResponseError(endpoint, 'data', 'expected a list of resources');
  const items: T[] = [];
  flat.forEach((item, index) => {
    const { type, id } = item as { type?: unknown; id?: unknown };
    try {
      const record = validateRecord(item, struct, endpoint, `data[${index}]`, report);
      if (typeof type === 'string' && typeof id === 'string') lastGood?.set(`${type}:${id}`, record);
      items.push(record);
    } catch (error) {
      if (!(error instanceof ContentValidationError)) throw error;
      const previous = lastGood?.get(`${error.resource.type}:${error.resource.id}`);
      if (previous !== undefined) items.push(previous);
      report({ ...error.resource, outcome: previous === undefined ? 'item dropped' : 'last good copy' });
    }
  });
  const { meta, links } = body as { meta?: unknown; links?: unknown };
  const total = meta === undefined ? items.length : validate(meta, CollectionMeta, endpoint, 'meta').total;
  const next = links === undefined ? null : (validate(links, CollectionLinks, endpoint, 'links').next ?? null);
  return { items, total, next };
}
