import { Jsona, SwitchCaseJsonMapper } from 'jsona';
import { mask, StructError, type Struct } from 'superstruct';
import { CollectionLinks, CollectionMeta, JsonApiDocument } from './documentSchemas.ts';
import { ContentResponseError } from './errors.ts';

/**
 * `jsona` flattens JSON:API (`data`, `included`, `relationships`) into plain objects and, with
 * the switch-case mapper, turns kebab-case member names into camelCase (§3). It is a
 * maintained library with its own caching of included resources; we only validate around it.
 */
const jsona = new Jsona({ jsonPropertiesMapper: new SwitchCaseJsonMapper({ camelizeType: false }) });

/** Validates `value` against `struct`, naming the endpoint and the first wrong field. */
export function validate<T>(value: unknown, struct: Struct<T, unknown>, endpoint: string, root: string): T {
  try {
    return mask(value, struct);
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    const failure = error.failures()[0] ?? error;
    const path: readonly unknown[] = failure.path;
    const field = [root, ...path].reduce<string>(
      (path, part) => (typeof part === 'number' ? `${path}[${part}]` : path === '' ? String(part) : `${path}.${String(part)}`),
      '',
    );
    throw new ContentResponseError(endpoint, field, failure.message);
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

/** A single-resource document → one validated record. */
export function deserializeOne<T>(body: unknown, struct: Struct<T, unknown>, endpoint: string): T {
  const flat = flatten(body, endpoint);
  if (Array.isArray(flat)) throw new ContentResponseError(endpoint, 'data', 'expected one resource, got a list');
  return validate(flat, struct, endpoint, 'data');
}

/** A collection document → validated records plus the total and the next page's link. */
export function deserializeMany<T>(body: unknown, struct: Struct<T, unknown>, endpoint: string): CollectionPage<T> {
  const flat = flatten(body, endpoint);
  if (!Array.isArray(flat)) throw new ContentResponseError(endpoint, 'data', 'expected a list of resources');
  const items = flat.map((item, index) => validate(item, struct, endpoint, `data[${index}]`));
  const { meta, links } = body as { meta?: unknown; links?: unknown };
  const total = meta === undefined ? items.length : validate(meta, CollectionMeta, endpoint, 'meta').total;
  const next = links === undefined ? null : (validate(links, CollectionLinks, endpoint, 'links').next ?? null);
  return { items, total, next };
}
