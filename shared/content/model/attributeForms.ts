import { nullable, optional, type Struct } from 'superstruct';
import type { ContentType } from './contentTypes.ts';

/** A content type's attributes by name, as the seed writes them, as a JSON:API document writes them. */

type OptionalForm<O> = { [K in keyof O]: O[K] extends Struct<infer T, infer S> ? Struct<T | undefined, S> : never };
type NullableForm<O> = { [K in keyof O]: O[K] extends Struct<infer T, infer S> ? Struct<T | null, S> : never };

function mapFields<O extends object, R>(fields: O, wrap: (struct: Struct<unknown, unknown>) => Struct<unknown, unknown>): R {
  return Object.fromEntries(Object.entries(fields).map(([name, struct]) => [name, wrap(struct as Struct<unknown, unknown>)])) as R;
}

/** Every attribute a resource of the type has, `body` last for a Markdown type. */
export function attributeNames(type: ContentType): string[] {
  return [
    ...Object.keys(type.attributes),
    ...Object.keys(type.optionalAttributes),
    ...Object.keys(type.computedAttributes),
    ...(type.markdown ? ['body'] : []),
  ];
}

/** What an editor writes: the optional attributes may be left out; nothing computed, no `body` (a Markdown file's text). */
export function seedAttributes<A extends object, O extends object>(type: {
  readonly attributes: A;
  readonly optionalAttributes: O;
}): A & OptionalForm<O> {
  return { ...type.attributes, ...mapFields<O, OptionalForm<O>>(type.optionalAttributes, optional) };
}

/** What a document holds: an optional attribute left out is `null`; the computed ones too; `body` is the full record's. */
export function documentAttributes<A extends object, O extends object, C extends object>(type: {
  readonly attributes: A;
  readonly optionalAttributes: O;
  readonly computedAttributes: C;
}): A & NullableForm<O> & C {
  return { ...type.attributes, ...mapFields<O, NullableForm<O>>(type.optionalAttributes, nullable), ...type.computedAttributes };
}
