import type { AddressInfo } from 'node:net';
import express from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../../logging/logger.ts';
import { loadSeed, type SeedContent } from './loadSeed.ts';
import { contentServiceRouter } from './router.ts';
import { createContentService } from './service.ts';

export interface RunningContentApi {
  /** Base URL to give the site as CONTENT_API_URL. */
  readonly url: string;
  close(): Promise<void>;
}

/** The embedded service on its own port (`npm run content-api`), for CONTENT_API_URL; port 0 picks a free one. */
export async function startContentApi(options: {
  readonly port: number;
  readonly host: string;
  readonly logger?: Logger;
  readonly seed?: SeedContent;
  /** Bearer token of the working copy (unpublished records, the site's preview); none = never served. */
  readonly previewToken?: string | undefined;
}): Promise<RunningContentApi> {
  const service = createContentService(options.seed ?? loadSeed(), '', { previewToken: options.previewToken });
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (options.logger !== undefined) app.use(pinoHttp({ logger: options.logger }));
  app.use(contentServiceRouter(service));
  const server = app.listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
