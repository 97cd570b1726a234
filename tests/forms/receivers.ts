import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface WebhookCall {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A CRM stand-in on 127.0.0.1: records every POST and answers `status` (changeable). */
export async function startWebhookReceiver(options: { port?: number; status?: number } = {}) {
  const calls: WebhookCall[] = [];
  const state = { status: options.status ?? 200 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      calls.push({ headers: req.headers, body });
      res.statusCode = state.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    calls,
    state,
    port,
    url: `http://127.0.0.1:${port}/crm/leads`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP server on 127.0.0.1 (smtp-server) keeping every message, parsed. */
export async function startSmtpReceiver(options: { port?: number } = {}) {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        messages.push(mail);
        callback();
      }, callback);
    },
  });
  // smtp-server emits a client's socket errors on the server, and an unheard 'error' is an uncaught
  // exception. A client that goes away mid-connection (an instance a test kills while its mail
  // pool is open) resets the socket: expected here; any other error still fails the run.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    messages,
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` holds (events, not time, are what the tests assert on). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
