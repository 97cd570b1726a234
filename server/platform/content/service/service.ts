import { bearerMatches } from '../../http/bearerToken.ts';
import type { SeedContent } from './loadSeed.ts';
import { trimSlashes } from '../../../../shared/text/trim.ts';
import { JsonApiError, parseQuery, type ParsedQuery } from './query.ts';
import { buildResources, TYPES, type Linkage, type Resource, type ResourceIdentifier, type TypeSpec } from './resources.ts';
import { acceptsJsonApi, contentTypeRefusal, JSON_API_MEDIA_TYPE } from './mediaType.ts';

export interface ServiceRequest {
  readonly method: string;
  /** Path below the mount point, e.g. `/articles/kak-vybrat-cms`. */
  readonly path: string;
  /** Raw query string without `?`. */
  readonly search: string;
  readonly accept?: string | undefined;
  readonly contentType?: string | undefined;
  /** Whether the request carries a body (a `Content-Length` above 0 or a `Transfer-Encoding`). */
  readonly hasBody?: boolean | undefined;
  /** `Bearer <token>`: needed for unpublished records (`resourceVersion=rel:working-copy`). */
  readonly authorization?: string | undefined;
}

export interface ServiceResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

export type ContentService = { handle(request: ServiceRequest): ServiceResponse };

type Document = Record<string, unknown>;

/** What a preview asks for, in Drupal's JSON:API spelling: the working copy, drafts included. */
export const RESOURCE_VERSION_PARAMETER = 'resourceVersion';
export const WORKING_COPY = 'rel:working-copy';

/**
 * The embedded content service as a function from request to JSON:API 1.1 document: the Express router and the
 * in-process transport both call `handle`, so the site reads what another instance would send over HTTP. Links
 * are absolute paths under `basePath`; drafts exist only for the working copy asked with `previewToken` (decision 021).
 */
export function createContentService(
  seed: SeedContent,
  basePath = '',
  options: { previewToken?: string | undefined } = {},
): ContentService {
  const resources = buildResources(seed);
  const published = documentsOf(
    resources.filter((resource) => resource.draft !== true),
    basePath,
  );
  const workingCopy = documentsOf(resources, basePath);

  function handle(request: ServiceRequest): ServiceResponse {
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return respond(405, errorDocument(new JsonApiError(405, 'Method not allowed', 'The content service is read-only: use GET.')), {
          Allow: 'GET, HEAD',
        });
      }
      negotiate(request);
      const { search, preview } = resourceVersion(request, options.previewToken);
      const document = (preview ? workingCopy : published)({ ...request, search }, request.search);
      return respond(200, document, {}, request.method === 'HEAD');
    } catch (error) {
      if (error instanceof JsonApiError) return respond(error.status, errorDocument(error), {}, request.method === 'HEAD');
      throw error;
    }
  }

  return { handle };
}

/** The request's `resourceVersion` taken out of its query: the working copy needs the preview token; anything else is a 400. */
function resourceVersion(request: ServiceRequest, token: string | undefined): { search: string; preview: boolean } {
  const params = new URLSearchParams(request.search);
  const version = params.get(RESOURCE_VERSION_PARAMETER);
  if (version === null) return { search: request.search, preview: false };
  if (version !== WORKING_COPY || params.getAll(RESOURCE_VERSION_PARAMETER).length > 1) {
    throw new JsonApiError(
      400,
      'Invalid query parameter',
      `${RESOURCE_VERSION_PARAMETER} must be ${WORKING_COPY}.`,
      RESOURCE_VERSION_PARAMETER,
    );
  }
  if (token === undefined || !bearerMatches(request.authorization, token)) {
    throw new JsonApiError(401, 'Unauthorized', 'The working copy needs the preview token (Authorization: Bearer).');
  }
  const search = request.search
    .split('&')
    .filter((part) => !part.startsWith(`${RESOURCE_VERSION_PARAMETER}=`))
    .join('&');
  return { search, preview: true };
}

/** The documents of one version of the content: the published records, or the working copy. */
function documentsOf(resources: readonly Resource[], basePath: string): (request: ServiceRequest, linkSearch: string) => Document {
  const byKey = new Map(resources.map((resource) => [key(resource), resource]));
  const version = { byKey, basePath };
  // Without a sort, collections keep the seed's order (§2: the industries' menu order).
  const position = new Map(resources.map((resource, index) => [key(resource), index]));
  const byType = new Map<string, Resource[]>();
  for (const resource of resources) byType.set(resource.type, [...(byType.get(resource.type) ?? []), resource]);

  /** `linkSearch`: the query as asked, kept in the pagination links (the working copy's next page is the working copy). */
  function route(request: ServiceRequest, linkSearch: string): Document {
    let segments: string[];
    try {
      segments = trimSlashes(request.path).split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new JsonApiError(400, 'Invalid path', 'The path is not valid percent-encoding.');
    }
    const [type, ...rest] = segments;
    const spec = type !== undefined && Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;
    if (type === undefined || spec === undefined) throw new JsonApiError(404, 'Not found', `There is no resource type ${type ?? '/'}.`);
    if (type === 'agency') {
      if (rest.length > 0) throw new JsonApiError(404, 'Not found', 'The agency is a single resource at /agency.');
      return single(spec, 'agency', parseQuery(request.search, spec, false), `${basePath}/agency`);
    }
    if (rest.length === 0) return collection(spec, parseQuery(request.search, spec, true), linkSearch);
    const id = rest.join('/');
    if (!spec.id.test(id) || rest.some((segment) => segment === '.' || segment === '..')) {
      throw new JsonApiError(400, 'Invalid id', `"${id.slice(0, 80)}" is not a valid ${type} id.`);
    }
    return single(spec, id, parseQuery(request.search, spec, false), selfLink(basePath, { type, id }));
  }

  function single(spec: TypeSpec, id: string, query: ParsedQuery, self: string): Document {
    const resource = byKey.get(key({ type: spec.type, id }));
    if (resource === undefined) throw new JsonApiError(404, 'Resource not found', `No ${spec.type} with id "${id}".`);
    return compound(version, [resource], query, { data: serialize(basePath, resource, query) }, { self });
  }

  function collection(spec: TypeSpec, query: ParsedQuery, search: string): Document {
    let matched = byType.get(spec.type) ?? [];
    for (const [name, value] of query.filters) matched = matched.filter((resource) => spec.filters[name]!.matches(resource, value));
    const sorted = [...matched].sort(comparator(spec, query, position));
    const { number, size } = query.page;
    const pageCount = Math.max(1, Math.ceil(sorted.length / size));
    const page = sorted.slice((number - 1) * size, number * size);
    const link = (pageNumber: number) => `${basePath}/${spec.type}?${withPage(search, pageNumber, size)}`;
    return compound(
      version,
      page,
      query,
      { data: page.map((resource) => serialize(basePath, resource, query)), meta: { total: sorted.length, pageCount } },
      {
        self: link(number),
        first: link(1),
        last: link(pageCount),
        prev: number > 1 ? link(Math.min(number - 1, pageCount)) : null,
        next: number < pageCount ? link(number + 1) : null,
      },
    );
  }

  return route;
}

/** Adds `included` (every resource reached by the include paths, once, never a primary one). */
function compound(
  version: { readonly byKey: ReadonlyMap<string, Resource>; readonly basePath: string },
  primary: readonly Resource[],
  query: ParsedQuery,
  body: Document,
  links: Record<string, string | null>,
): Document {
  const primaryKeys = new Set(primary.map(key));
  const included = new Map<string, Resource>();
  for (const path of query.include) {
    let level: readonly Resource[] = primary;
    for (const name of path) {
      level = level
        .flatMap((resource) => identifiers(resource.relationships[name]))
        .map((identifier) => version.byKey.get(key(identifier)))
        .filter((resource): resource is Resource => resource !== undefined);
      for (const resource of level) if (!primaryKeys.has(key(resource))) included.set(key(resource), resource);
    }
  }
  return {
    jsonapi: { version: '1.1' },
    ...body,
    ...(query.include.length > 0
      ? { included: [...included.values()].map((resource) => serialize(version.basePath, resource, query)) }
      : {}),
    links,
  };
}

function serialize(basePath: string, resource: Resource, query: ParsedQuery): Document {
  const fieldset = query.fields.get(resource.type);
  const wanted = (name: string) => fieldset === undefined || fieldset.has(name);
  const attributes = Object.fromEntries(Object.entries(resource.attributes).filter(([name]) => wanted(name)));
  const relationships = Object.fromEntries(
    Object.entries(resource.relationships)
      .filter(([name]) => wanted(name))
      .map(([name, data]) => [name, { data }]),
  );
  return {
    type: resource.type,
    id: resource.id,
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
    ...(Object.keys(relationships).length > 0 ? { relationships } : {}),
    links: { self: selfLink(basePath, resource) },
  };
}

function selfLink(basePath: string, { type, id }: ResourceIdentifier): string {
  if (type === 'agency') return `${basePath}/agency`;
  // Service paths keep their slashes (addressed by path); other ids are one segment.
  const encoded = type === 'services' ? id.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(id);
  return `${basePath}/${type}/${encoded}`;
}

const key = ({ type, id }: ResourceIdentifier) => `${type}\u0000${id}`;

const identifiers = (linkage: Linkage | undefined): readonly ResourceIdentifier[] =>
  linkage === null || linkage === undefined ? [] : 'id' in linkage ? [linkage] : linkage;

function comparator(spec: TypeSpec, query: ParsedQuery, position: ReadonlyMap<string, number>) {
  return (a: Resource, b: Resource) => {
    for (const { key: sortKey, descending } of query.sort) {
      const read = spec.sorts[sortKey]!;
      const left = read(a);
      const right = read(b);
      const order =
        typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right), 'ru-RU');
      if (order !== 0) return descending ? -order : order;
    }
    return (position.get(key(a)) ?? 0) - (position.get(key(b)) ?? 0);
  };
}

/** The request's own query with the page replaced; brackets and commas kept readable. */
function withPage(search: string, number: number, size: number): string {
  const params = [...new URLSearchParams(search)].filter(([name]) => !name.startsWith('page['));
  params.push(['page[number]', String(number)], ['page[size]', String(size)]);
  return params.map(([name, value]) => `${name}=${encodeURIComponent(value).replaceAll('%2C', ',')}`).join('&');
}

/** JSON:API 1.1 content negotiation (`mediaType.ts`): 415 for a Content-Type it cannot read, 406 for an Accept it cannot meet. */
function negotiate(request: ServiceRequest) {
  const refusal = contentTypeRefusal(request.contentType, request.hasBody === true);
  if (refusal !== undefined) throw new JsonApiError(415, 'Unsupported media type', refusal);
  if (!acceptsJsonApi(request.accept)) {
    throw new JsonApiError(406, 'Not acceptable', 'Accept application/vnd.api+json without parameters other than ext and profile.');
  }
}

function errorDocument(error: JsonApiError): Document {
  return {
    jsonapi: { version: '1.1' },
    errors: [
      {
        status: String(error.status),
        title: error.title,
        detail: error.message,
        ...(error.parameter === undefined ? {} : { source: { parameter: error.parameter } }),
      },
    ],
  };
}

function respond(status: number, document: Document, headers: Record<string, string> = {}, headOnly = false): ServiceResponse {
  return {
    status,
    headers: { 'Content-Type': JSON_API_MEDIA_TYPE, Vary: 'Accept', ...headers },
    body: headOnly ? null : JSON.stringify(document),
  };
}
