import { array, integer, literal, min, nullable, optional, record, string, type, union, unknown } from 'superstruct';

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

export const JsonApiDocument = type({
  data: union([ResourceObject, array(ResourceObject), literal(null)]),
  included: optional(array(ResourceObject)),
  links: optional(record(string(), unknown())),
  meta: optional(record(string(), unknown())),
});

/** `meta` of a paged collection (the embedded service's format). */
export const CollectionMeta = type({ total: min(integer(), 0) });
export const CollectionLinks = type({ next: optional(nullable(string())) });
