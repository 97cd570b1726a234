import { is, validate, type Struct, type StructError } from 'superstruct';
import { ContentValidationError } from './errors.ts';

/** A validation failure's resource and field below it (`faq.answer`, no positions), never the value: it is a metric label. */
export interface ValidationFailure {
  readonly type: string;
  readonly id: string;
  readonly field: string;
  readonly outcome: 'field dropped' | 'item dropped' | 'last good copy' | 'record refused';
}

export type ReportValidationFailure = (failure: ValidationFailure) => void;

/** A record with more bad fields than this is not "one bad field": it is refused whole. */
const MAX_DROPS = 20;

type Path = readonly (string | number)[];

/**
 * Validates one flattened record, forgiving what a page can do without (decision 021): an optional field is
 * removed, a nullable one nulled, a failing list element left out (the list checked again); anything else refuses
 * the record (`ContentValidationError`: the cache keeps the last good copy). Each forgiven failure reported once.
 */
export function validateRecord<T>(
  value: unknown,
  struct: Struct<T, unknown>,
  endpoint: string,
  root: string,
  report: ReportValidationFailure,
): T {
  // Walking the schema needs only its shape, not the record type it produces.
  const shape = struct as unknown as Struct<unknown, unknown>;
  let current = value;
  const forgiven: ValidationFailure[] = [];
  for (;;) {
    const [error, result] = validate(current, struct, { coerce: true, mask: true });
    if (error === undefined) {
      forgiven.forEach(report);
      return result;
    }
    const failure = firstFailure(error);
    const drop = forgiven.length < MAX_DROPS ? dropPoint(shape, failure.path) : undefined;
    const named = nameFailure(current, failure.path);
    if (drop === undefined) {
      const fullPath = formatPath([root, ...failure.path]);
      throw new ContentValidationError(endpoint, fullPath, `expected ${describeExpectation(failure)}`, named);
    }
    forgiven.push({ ...named, outcome: typeof drop.path.at(-1) === 'number' ? 'item dropped' : 'field dropped' });
    current = without(current, drop.path, drop.toNull);
  }
}

function firstFailure(error: StructError): { readonly path: Path; readonly type: string; readonly refinement: string | undefined } {
  const failure = error.failures()[0] ?? error;
  return { path: failure.path as Path, type: failure.type, refinement: failure.refinement };
}

/** What the field should have been, without the value it had (the value may be anything). */
function describeExpectation(failure: { readonly type: string; readonly refinement: string | undefined }): string {
  return failure.refinement === undefined ? failure.type : `${failure.type} (${failure.refinement})`;
}

/** The struct of each prefix of `path`, from the record's own struct down; shorter when a step cannot be followed. */
function structsAlong(struct: Struct<unknown, unknown>, path: Path): Struct<unknown, unknown>[] {
  const structs = [struct];
  let current: Struct<unknown, unknown> = struct;
  for (const key of path) {
    const schema: unknown = current.schema;
    let next: unknown;
    if ((current.type === 'object' || current.type === 'type') && typeof schema === 'object' && schema !== null) {
      next = (schema as Record<string, unknown>)[String(key)];
    } else if (current.type === 'array' && typeof key === 'number') {
      next = schema;
    }
    if (next === undefined) break;
    current = next as Struct<unknown, unknown>;
    structs.push(current);
  }
  return structs;
}

/** The deepest point at or above the failure that can go (a field that may be absent or null, a list element), if any. */
function dropPoint(struct: Struct<unknown, unknown>, path: Path): { path: Path; toNull: boolean } | undefined {
  const structs = structsAlong(struct, path);
  for (let depth = path.length; depth > 0; depth -= 1) {
    const here = structs[depth];
    if (typeof path[depth - 1] === 'number' && structs[depth - 1]?.type === 'array') return { path: path.slice(0, depth), toNull: false };
    if (here !== undefined && (is(undefined, here) || is(null, here))) return { path: path.slice(0, depth), toNull: !is(undefined, here) };
  }
  return undefined;
}

/** `value` with the member at `path` removed (or set to `null`), copying only the objects on the way. */
function without(value: unknown, path: Path, toNull: boolean): unknown {
  const [key, ...rest] = path;
  if (key === undefined || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    if (typeof key !== 'number') return value;
    if (rest.length === 0) copy.splice(key, 1);
    else copy[key] = without(copy[key], rest, toNull);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length > 0) copy[key] = without(copy[key], rest, toNull);
  else if (toNull) copy[key] = null;
  else delete copy[key];
  return copy;
}

/** The innermost JSON:API resource on `path` (jsona keeps `type` and `id` on each flattened object) and the field below it. */
function nameFailure(value: unknown, path: Path): { type: string; id: string; field: string } {
  let type = 'unknown';
  let id = 'unknown';
  let below: Path = path;
  let current: unknown = value;
  for (let depth = 0; ; depth += 1) {
    if (typeof current === 'object' && current !== null && !Array.isArray(current)) {
      const resource = current as { type?: unknown; id?: unknown };
      if (typeof resource.type === 'string' && (typeof resource.id === 'string' || typeof resource.id === 'number')) {
        type = resource.type;
        id = String(resource.id);
        below = path.slice(depth);
      }
    }
    const key = path[depth];
    if (key === undefined || typeof current !== 'object' || current === null) break;
    current = (current as Record<string | number, unknown>)[key];
  }
  return { type, id, field: below.filter((key) => typeof key === 'string').join('.') || '(record)' };
}

/** `data[3].author.name`, as the content client's errors have always named a member. */
export function formatPath(path: readonly unknown[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text === '' ? String(part) : `${text}.${String(part)}`),
    '',
  );
}
