import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FILES } from '../forms/fixtures.ts';
import { eventually, startSmtpReceiver, startWebhookReceiver } from '../forms/receivers.ts';
import { getOnNewConnection, NEW_PHONE, OLD_PHONE, startEditableContent } from '../support/editableContent.ts';
import { freshPostgresSchema, testPostgresUrl } from '../support/postgres.ts';
import { signedRevalidation } from '../support/signedRevalidation.ts';
import { startServer, type RunningServer } from '../support/startServer.ts';

/**
 * The reference arrangement of docs/deploy.md, as processes: two instances of the built site
 * (B with two workers) on one PostgreSQL, each with a data folder of its own, one SMTP server,
 * one CRM webhook and one content service. What must hold: any instance delivers any lead with
 * its files, every lead exactly once, one rate limit for all, a revalidation reaches every
 * instance, and each answers /metrics.
 */
const pgUrl = await testPostgresUrl();

const REVALIDATE_SECRET = 'several-instances-revalidate-secret';
const METRICS_TOKEN = 'several-instances-metrics-token';

const cleanups: (() => Promise<unknown>)[] = [];
let a: RunningServer;
let b: RunningServer;
let aDataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let content: Awaited<ReturnType<typeof startEditableContent>>;
beforeAll(async () => {
  if (pgUrl === undefined) return;
  const schema = await freshPostgresSchema(pgUrl);
  cleanups.push(() => schema.drop());
  smtp = await startSmtpReceiver();
  webhook = await startWebhookReceiver();
  cleanups.push(smtp.close, webhook.close);
  content = await startEditableContent();
  cleanups.push(() => content.close());
  aDataDir = await mkdtemp(path.join(tmpdir(), 'instance-a-'));
  const bDataDir = await mkdtemp(path.join(tmpdir(), 'instance-b-'));
  cleanups.push(
    () => rm(aDataDir, { recursive: true, force: true }),
    () => rm(bDataDir, { recursive: true, force: true }),
  );
  const env = {
    DATABASE_URL: schema.url,
    CONTENT_API_URL: content.url,
    // Long enough that only a revalidation can explain a fresh page within the test.
    CONTENT_CACHE_TTL_MS: '600000',
    PUBLIC_BASE_URL: 'https://verf.test',
    REVALIDATE_SECRET,
    METRICS_TOKEN,
    SMTP_URL: smtp.url,
    SMTP_ALLOW_PLAINTEXT: '1',
    LEADS_EMAIL_TO: 'leads@verf.test',
    LEADS_WEBHOOK_URL: webhook.url,
    LEADS_WEBHOOK_SECRET: 'several-instances-webhook-secret',
    LEADS_OUTBOX_CRON: '* * * * * *',
    LEADS_RETRY_BASE_SECONDS: '1',
    FORMS_MIN_FILL_SECONDS: '0',
    FORMS_RATE_LIMIT: '6',
    FORMS_RATE_WINDOW_SECONDS: '600',
    // Client addresses come from X-Forwarded-For (one proxy hop), so the test can be several visitors.
    TRUST_PROXY: '1',
  };
  // One after the other: both migrate the same schema (safe either way; this is gentler on a loaded machine).
  a = await startServer({ ...env, LEADS_DATA_DIR: aDataDir });
  cleanups.push(() => a.stop('SIGKILL'));
  b = await startServer({ ...env, LEADS_DATA_DIR: bDataDir, WEB_CONCURRENCY: '2' });
  cleanups.push(() => b.stop('SIGKILL'));
}, 180_000);

afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
}, 60_000);

const visitor = (n: number) => ({ 'X-Forwarded-For': `203.0.113.${n}` });
const postJson = (server: RunningServer, url: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const subscription = (index: number) => ({ email: `client${index}@example.ru`, consent: true, _fillMs: 5000 });
/** `count` subscriptions posted one after the other, the even ones to A and the odd ones to B; `post` gives each its body and client. */
async function subscribeInTurn(count: number, post: (index: number) => [body: unknown, from: Record<string, string>]) {
  const responses: Response[] = [];
  for (let index = 0; index < count; index += 1) {
    const [body, from] = post(index);
    responses.push(await postJson(index % 2 === 0 ? a : b, '/api/forms/subscribe', body, from));
  }
  return responses;
}
/** Outbox runs completed on an instance (`leads_outbox_runs_total`, summed over B's two workers). */
async function outboxRuns(server: RunningServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^leads_outbox_runs_total (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
}
const idsOfWebhookCalls = () => webhook.calls.map((call) => (JSON.parse(call.body) as { id: string }).id);
const idsOfMails = () =>
  smtp.messages.map((message) => {
    const id = message.headers.get('x-lead-id');
    return typeof id === 'string' ? id : undefined;
  });

test.skipIf(pgUrl === undefined)(
  'a file uploaded to A, whose disk is then lost, reaches the agency with the form sent to B',
  async () => {
    const upload = new FormData();
    upload.append('files', new Blob([FILES.pdf]), 'Бриф.pdf');
    const uploaded = await fetch(`${a.url}/api/upload`, {
      method: 'POST',
      body: upload,
      headers: { Accept: 'application/json', ...visitor(1) },
    });
    expect(uploaded.status).toBe(201);
    const [file] = ((await uploaded.json()) as { files: { id: string }[] }).files;
    await rm(aDataDir, { recursive: true, force: true });

    const sent = await postJson(
      b,
      '/api/forms/request',
      {
        name: 'Иван',
        phone: '+7 912 345-67-89',
        email: 'ivan@example.ru',
        consent: true,
        _fillMs: 9000,
        attachments: [file!.id],
      },
      visitor(1),
    );
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    await eventually(() => idsOfMails().includes(id), 60_000);
    const mail = smtp.messages.find((message) => message.headers.get('x-lead-id') === id)!;
    expect(mail.attachments.map((attachment) => [attachment.filename, attachment.content.equals(FILES.pdf)])).toEqual([['Бриф.pdf', true]]);
  },
  120_000,
);

test.skipIf(pgUrl === undefined)(
  'with both outboxes running every lead is delivered exactly once to each destination',
  async () => {
    const responses = await subscribeInTurn(6, (index) => [subscription(index), visitor(10 + index)]);
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const ids = await Promise.all(responses.map(async (response) => ((await response.json()) as { id: string }).id));
    await eventually(() => ids.every((id) => idsOfWebhookCalls().includes(id) && idsOfMails().includes(id)), 60_000);
    // Runs completed since every lead arrived, two for each process (so at least one begun after
    // that; B's count is its two workers' sum): nothing is sent again.
    const [runsOfA, runsOfB] = [await outboxRuns(a), await outboxRuns(b)];
    await eventually(async () => (await outboxRuns(a)) >= runsOfA + 2 && (await outboxRuns(b)) >= runsOfB + 2 * 2, 60_000);
    for (const id of ids) {
      expect(idsOfWebhookCalls().filter((call) => call === id)).toHaveLength(1);
      expect(idsOfMails().filter((mail) => mail === id)).toHaveLength(1);
    }
  },
  120_000,
);

test.skipIf(pgUrl === undefined)(
  'the form rate limit holds across both instances and all their workers',
  async () => {
    const responses = await subscribeInTurn(10, (index) => [subscription(100 + index), visitor(99)]);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
  },
  60_000,
);

test.skipIf(pgUrl === undefined)(
  'a revalidation posted to A makes B render the edited page afresh',
  async () => {
    const contacts = async () => {
      const { cache, body } = await getOnNewConnection(`${b.url}/contacts/`);
      return { cache, html: body };
    };
    // B has the page cached in both workers (the primary hands new connections to its workers in
    // turn, so four hits in a row are both)… A worker that read the content only after the edit
    // would show the new number without any revalidation.
    await eventually(async () => {
      const pages = [await contacts(), await contacts(), await contacts(), await contacts()];
      return pages.every((page) => page.cache === 'HIT');
    }, 60_000);
    content.publish();
    // …and keeps serving the old copy after the edit: nothing told it yet.
    let cached = await contacts();
    while (cached.cache !== 'HIT') cached = await contacts();
    expect(cached.html).toContain(OLD_PHONE);

    const revalidated = await fetch(`${a.url}/api/revalidate`, {
      method: 'POST',
      ...signedRevalidation({ paths: ['/contacts/'] }, REVALIDATE_SECRET),
    });
    expect(revalidated.status).toBe(202);
    // Every answer of B (either worker) now has the new number: four in a row.
    await eventually(async () => {
      const pages = [await contacts(), await contacts(), await contacts(), await contacts()];
      return pages.every((page) => page.html.includes(NEW_PHONE) && !page.html.includes(OLD_PHONE));
    }, 30_000);
  },
  120_000,
);

test.skipIf(pgUrl === undefined)(
  '/metrics answers on both instances, B aggregated over its workers',
  async () => {
    const expectMetrics = async (server: RunningServer) => {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
      const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toMatch(/http_request_duration_seconds_count\{route="forms",status="201",cache="bypass"\} [1-9]/);
      expect(text).toMatch(/^leads_outbox_backlog \d+$/m);
      expect(text).toMatch(/^leads_outbox_oldest_undelivered_age_seconds [\d.e+-]+$/m);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      return text;
    };
    await expectMetrics(a);
    expect(await expectMetrics(b)).toMatch(
      /http_request_duration_seconds_count\{route="contacts",status="200",cache="(?:hit|miss)"\} [1-9]/,
    );
  },
  60_000,
);
