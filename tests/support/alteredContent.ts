import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startContentApi } from '../../server/platform/content/service/standalone.ts';

/** A JSON:API resource object as the service writes it. */
export interface ResourceObject {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, unknown>;
}

export interface JsonApiDocument {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  [member: string]: unknown;
}

/** Changes a document on its way to the site; `path` is the request's path without the query. */
export type Alteration = (document: JsonApiDocument, path: string) => void;

/**
 * An external content service for tests: the embedded service's real documents on a loopback
 * port, passed through a proxy that lets a test change them (`alter`) as a CMS with a careless
 * editor would send them. Give `url` to the site as CONTENT_API_URL, or to a ContentClient.
 */
export async function startAlteredContent(): Promise<{
  readonly url: string;
  /** Every later document passes through `alteration` (the previous one is replaced). */
  alter(alteration: Alteration): void;
  close(): Promise<void>;
}> {
  const api = await startContentApi({ port: 0, host: '127.0.0.1' });
  let alteration: Alteration = () => undefined;
  // The handler catches everything it awaits, so nothing is left to the server to handle.
  const proxy: Server = createServer(
    (req, res) =>
      void (async () => {
        try {
          const url = req.url ?? '/';
          const upstream = await fetch(`${api.url}${url}`, { headers: { accept: req.headers.accept ?? '*/*' } });
          let body = await upstream.text();
          // JSON:API documents only: a cover image or a health answer passes as it is.
          if (upstream.status === 200 && /json/.test(upstream.headers.get('content-type') ?? '')) {
            const document = JSON.parse(body) as JsonApiDocument;
            alteration(document, new URL(url, api.url).pathname);
            body = JSON.stringify(document);
          }
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/vnd.api+json' });
          res.end(body);
        } catch {
          res.writeHead(502).end();
        }
      })(),
  );
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    alter(next) {
      alteration = next;
    },
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await api.close();
    },
  };
}

/** Every resource of a document, primary and included. */
export function resourcesOf(document: JsonApiDocument): ResourceObject[] {
  const data = document.data === null ? [] : Array.isArray(document.data) ? document.data : [document.data];
  return [...data, ...(document.included ?? [])];
}

/** Sets an attribute of the resources of `type` that `pick` selects, wherever they appear. */
export function setAttribute(type: string, pick: (resource: ResourceObject) => boolean, name: string, value: unknown): Alteration {
  return (document) => {
    for (const resource of resourcesOf(document)) {
      if (resource.type === type && pick(resource) && resource.attributes !== undefined) resource.attributes[name] = value;
    }
  };
}
