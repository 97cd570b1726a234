import { createServer, get, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The bytes on the wire, still compressed (supertest would decompress them), with the headers. */
export async function rawGet(app: RequestListener, path: string, headers: Record<string, string>) {
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
  } finally {
    server.close();
  }
}
