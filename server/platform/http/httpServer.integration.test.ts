import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { ERROR_EXPLANATIONS } from './clientErrorTexts.ts';
import { CONNECTION_LIMITS } from './connectionLimits.ts';
import { createHttpServer } from './httpServer.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Sends `raw` on a fresh connection and reads everything the server answers until it closes. */
async function exchange(raw: string): Promise<string> {
  const { app } = await createTestApp();
  server = createHttpServer(app, { ...CONNECTION_LIMITS, maxConnections: 10, maxConnectionsPerAddress: 10 });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  socket.write(raw);
  await new Promise((resolve) => socket.on('close', resolve));
  return Buffer.concat(chunks).toString('utf8');
}

test('request headers over 16 KB get the site error page with its 431, not an empty answer', async () => {
  const answer = await exchange(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`);
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  expect(head).toContain('Content-Type: text/html; charset=utf-8');
  expect(head).toContain('Cache-Control: no-store');
  expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
  expect(body).toContain('<title>Ошибка приложения</title>');
  expect(body).toContain(ERROR_EXPLANATIONS[431]);
  expect(body).toContain('href="/"');
});

test('any other request Node cannot parse still gets Node’s own 400', async () => {
  expect(await exchange('NOT A REQUEST\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
});
