import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { PROBLEM_TEXTS, STORE_RETRY_AFTER_SECONDS } from '../../server/features/leads/forms/problems.ts';
import { FILES } from '../forms/fixtures.ts';
import { eventually, startSmtpReceiver } from '../forms/receivers.ts';
import { cleanupAfterEach } from '../support/cleanupAfterEach.ts';
import { createScratchPostgres } from '../support/scratchPostgres.ts';
import { logLines } from '../support/serverLog.ts';
import { freePort, startServer } from '../support/startServer.ts';

// Decision 023: PostgreSQL stopped under a running production server, then started again. The
// cluster is the test's own (scripts/scratch-postgres.sh): the shared one is never stopped. On a
// machine without PostgreSQL server binaries there is none, and the test shows as skipped.
const cluster = await createScratchPostgres();
afterAll(async () => {
  await cluster?.remove();
});
const cleanups = cleanupAfterEach();

/** Ceilings for a loaded 2-core machine, never expectations of speed. */
const CEILING_MS = 60_000;

const lead = (name: string) => ({ name, phone: '+7 912 345-67-89', email: 'outage@example.ru', consent: true, _fillMs: 5000 });
const postJson = (url: string, body: unknown) =>
  fetch(`${url}/api/forms/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
const readiness = async (url: string) => (await (await fetch(`${url}/readyz`)).json()) as { checks: Record<string, string> };

test.skipIf(cluster === undefined)(
  'PostgreSQL stopped and started under a running server: pages serve, forms are 503 with Retry-After, /readyz stays ready and shows it, /healthz/database is 503, the outage is logged once, and the outbox delivers once it is back',
  async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'leads-outage-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // The agency's mail server is down at first: the lead sent before the outage waits in the outbox.
    const smtpPort = await freePort();
    const server = await startServer({
      DATABASE_URL: cluster!.url,
      LEADS_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_ALLOW_PLAINTEXT: '1',
      LEADS_EMAIL_TO: 'leads@verf.test',
      LEADS_OUTBOX_CRON: '* * * * * *',
      LEADS_RETRY_BASE_SECONDS: '1',
      FORMS_MIN_FILL_SECONDS: '0',
      FORMS_RATE_LIMIT: '100000',
    });
    cleanups.push(() => server.stop('SIGKILL'));
    const before = await postJson(server.url, lead('До отключения'));
    expect(before.status).toBe(201);
    const beforeId = ((await before.json()) as { id: string }).id;
    await eventually(
      () => server.output().includes(`"leadId":"${beforeId}"`) && server.output().includes('lead delivery failed'),
      CEILING_MS,
    );
    await eventually(async () => (await readiness(server.url)).checks.leads === 'ok', CEILING_MS);

    await cluster!.stop();
    const smtp = await startSmtpReceiver({ port: smtpPort });
    cleanups.push(smtp.close);

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    await eventually(async () => (await readiness(server.url)).checks.leads === 'unavailable', CEILING_MS);
    // The instance stays in the load balancer (decision 035); the database's own view says it is down.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const database = await fetch(`${server.url}/healthz/database`);
    expect(database.status).toBe(503);
    expect(await database.text()).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|postgres/);

    const json = await postJson(server.url, lead('Во время отключения'));
    expect(json.status).toBe(503);
    expect(json.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_SECONDS));
    expect(await json.json()).toEqual({ error: PROBLEM_TEXTS[503] });

    const multipart = new FormData();
    for (const [name, value] of Object.entries({ name: 'Без скриптов', phone: '89123456789', email: 'nojs@example.ru', consent: 'on' })) {
      multipart.append(name, value);
    }
    multipart.append('attachments', new Blob([FILES.pdf], { type: 'application/pdf' }), 'ТЗ.pdf');
    const page = await fetch(`${server.url}/api/forms/request`, { method: 'POST', headers: { Accept: 'text/html' }, body: multipart });
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_SECONDS));
    expect(await page.text()).toContain(PROBLEM_TEXTS[503]);

    const upload = new FormData();
    upload.append('files', new Blob([FILES.png], { type: 'image/png' }), 'макет.png');
    const uploaded = await fetch(`${server.url}/api/upload`, { method: 'POST', headers: { Accept: 'application/json' }, body: upload });
    expect(uploaded.status).toBe(503);

    await cluster!.start();
    let afterId: string | undefined;
    await eventually(async () => {
      const response = await postJson(server.url, lead('После отключения'));
      if (response.status === 201) afterId = ((await response.json()) as { id: string }).id;
      return afterId !== undefined;
    }, CEILING_MS);
    // The outbox resumed by itself: the lead from before the outage and the one after both reach the inbox.
    await eventually(
      () => [beforeId, afterId].every((id) => smtp.messages.some((message) => message.messageId === `<${id}@localhost>`)),
      CEILING_MS,
    );
    await eventually(async () => (await readiness(server.url)).checks.leads === 'ok', CEILING_MS);

    const lines = logLines(server.output());
    expect(lines.filter((line) => Number(line.level) >= 50).map((line) => line.msg)).toEqual([
      'leads database unreachable: forms answer 503 until it is back',
    ]);
    expect(lines.filter((line) => line.msg === 'leads database reachable again')).toHaveLength(1);
    expect(lines.filter((line) => line.msg === 'POST /api/forms/request 503 refused').map((line) => line.level)).toEqual([40, 40]);
    expect(server.output()).not.toContain('outage@example.ru');
  },
  240_000,
);
