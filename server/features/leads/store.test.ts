import { randomUUID } from 'node:crypto';
import { afterEach, expect, test } from 'vitest';
import { leadStoreEngines, uploadUsageOf, type TestDatabase } from '../../../tests/support/leadStores.ts';
import { MIGRATIONS } from './migrations.ts';
import { LeadStore, UnknownUploadError, type NewLead } from './store.ts';

// The contract runs against SQLite always and against PostgreSQL when a server is available; without
// one, the PostgreSQL-only test below shows as skipped.
const { engines, postgresMissing } = await leadStoreEngines();

let databases: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(databases.map((database) => database.cleanup()));
  databases = [];
});

async function openStore(create: () => Promise<TestDatabase>) {
  const database = await create();
  databases.push(database);
  const store = new LeadStore(database.open());
  await store.migrate();
  return { store, database };
}

const lead = (overrides: Partial<NewLead> = {}): NewLead => ({
  form: 'request',
  fields: { name: 'Иван Петров', phone: '+7 912 345-67-89', email: 'ivan@example.ru', consent: true },
  page: '/request/',
  utm: { utm_source: 'yandex', utm_medium: 'cpc' },
  uploads: [],
  ...overrides,
});

const upload = (field = 'attachments') => ({ id: randomUUID(), field, name: 'ТЗ.pdf', size: 1234, type: 'application/pdf', createdAt: 1 });

for (const engine of engines) {
  test(`${engine.name}: migrations are versioned and applied once, also by two processes at once`, async () => {
    const database = await engine.create();
    databases.push(database);
    const first = new LeadStore(database.open());
    const second = new LeadStore(database.open());
    // Two PostgreSQL clients in one process race for real; two SQLite connections in one thread
    // would only wait on each other's lock (workers are separate processes), so they take turns.
    const applied =
      engine.name === 'PostgreSQL'
        ? await Promise.all([first.migrate(), second.migrate()])
        : [await first.migrate(), await second.migrate()];
    // Each migration is its own transaction, so racing processes may share the list between them
    // (one applies 1–3, the other 4–5): every version is applied exactly once, each process in order.
    const versions = MIGRATIONS.map((migration) => migration.version);
    expect(applied.flat().toSorted((a, b) => a - b)).toEqual(versions);
    for (const list of applied) expect(list).toEqual(list.toSorted((a, b) => a - b));
    expect(await first.migrate()).toEqual([]);
  });

  test(`${engine.name}: a stored lead reads back whole, with one queued delivery per destination`, async () => {
    const { store } = await openStore(engine.create);
    const file = upload();
    await store.saveUploads([file]);
    const { id, created } = await store.insertLead(lead({ uploads: [{ field: 'attachments', id: file.id }] }), ['webhook', 'email'], 1000);
    expect(created).toBe(true);
    const stored = await store.getLead(id);
    expect(stored).toMatchObject({
      id,
      form: 'request',
      createdAt: 1000,
      page: '/request/',
      purgedAt: null,
      utm: { utm_source: 'yandex', utm_medium: 'cpc' },
      fields: { name: 'Иван Петров', email: 'ivan@example.ru', consent: true },
      attachments: [{ id: file.id, name: 'ТЗ.pdf', size: 1234, type: 'application/pdf', field: 'attachments' }],
    });
    expect((await store.deliveriesOf(id)).map((delivery) => [delivery.destination, delivery.attempts, delivery.deliveredAt])).toEqual([
      ['email', 0, null],
      ['webhook', 0, null],
    ]);
  });

  test(`${engine.name}: a retried submission with the same key is stored once and answers the same id`, async () => {
    const { store } = await openStore(engine.create);
    const key = randomUUID();
    const results = await Promise.all([
      store.insertLead(lead({ idempotencyKey: key }), ['webhook']),
      store.insertLead(lead({ idempotencyKey: key }), ['webhook']),
    ]);
    expect(results[0].id).toBe(results[1].id);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await store.countLeads()).toBe(1);
  });

  test(`${engine.name}: an unknown or already claimed upload rejects the whole lead`, async () => {
    const { store } = await openStore(engine.create);
    const file = upload();
    await store.saveUploads([file]);
    await store.insertLead(lead({ uploads: [{ field: 'attachments', id: file.id }] }), []);
    await expect(store.insertLead(lead({ uploads: [{ field: 'attachments', id: file.id }] }), ['webhook'])).rejects.toBeInstanceOf(
      UnknownUploadError,
    );
    await expect(store.insertLead(lead({ uploads: [{ field: 'resume', id: randomUUID() }] }), ['webhook'])).rejects.toThrow('resume');
    expect(await store.countLeads()).toBe(1);
  });

  test(`${engine.name}: due deliveries are leased, retried after a failure and done once delivered`, async () => {
    const { store } = await openStore(engine.create);
    const { id } = await store.insertLead(lead(), ['webhook', 'email'], 1000);
    const claimed = await store.claimDue({ now: 1000, leaseMs: 500, destinations: ['webhook'], limit: 10 });
    expect(claimed.map((delivery) => delivery.destination)).toEqual(['webhook']);
    expect(await store.claimDue({ now: 1200, leaseMs: 500, destinations: ['webhook'], limit: 10 })).toEqual([]);
    const again = await store.claimDue({ now: 1500, leaseMs: 500, destinations: ['webhook'], limit: 10 });
    expect(again.map((delivery) => delivery.leadId)).toEqual([id]);
    await store.markFailed(again[0]!.id, { attempts: 1, nextAttemptAt: 5000, error: 'ECONNREFUSED' });
    expect(await store.claimDue({ now: 4999, leaseMs: 500, destinations: ['webhook'], limit: 10 })).toEqual([]);
    const retry = await store.claimDue({ now: 5000, leaseMs: 500, destinations: ['webhook'], limit: 10 });
    expect(retry[0]).toMatchObject({ attempts: 1, lastError: 'ECONNREFUSED' });
    await store.markDelivered(retry[0]!.id, 5100);
    expect(await store.claimDue({ now: 99_999, leaseMs: 500, destinations: ['webhook'], limit: 10 })).toEqual([]);
    expect((await store.deliveriesOf(id)).find((delivery) => delivery.destination === 'webhook')?.deliveredAt).toBe(5100);
  });

  test(`${engine.name}: two workers claiming at once never get the same delivery`, async () => {
    const { store, database } = await openStore(engine.create);
    const other = new LeadStore(database.open());
    for (let i = 0; i < 30; i += 1) await store.insertLead(lead(), ['webhook'], 1000);
    const claims = await Promise.all(
      [store, other, store, other].map((worker) => worker.claimDue({ now: 2000, leaseMs: 60_000, destinations: ['webhook'], limit: 10 })),
    );
    const ids = claims.flat().map((delivery) => delivery.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(30);
  });

  test(`${engine.name}: purge erases personal fields and files only of leads delivered everywhere long enough ago`, async () => {
    const { store } = await openStore(engine.create);
    const file = upload();
    await store.saveUploads([file]);
    const old = await store.insertLead(lead({ uploads: [{ field: 'attachments', id: file.id }] }), ['webhook', 'email'], 1000);
    const halfDelivered = await store.insertLead(lead(), ['webhook', 'email'], 1000);
    const recent = await store.insertLead(lead(), ['webhook'], 1000);
    const nowhere = await store.insertLead(lead(), [], 1000);
    for (const delivery of [...(await store.deliveriesOf(old.id)), ...(await store.deliveriesOf(halfDelivered.id))].slice(0, 3)) {
      await store.markDelivered(delivery.id, 2000);
    }
    for (const delivery of await store.deliveriesOf(recent.id)) await store.markDelivered(delivery.id, 9000);

    const result = await store.purgeDelivered(5000, 10_000);
    expect(result).toEqual({ leads: 1, uploadIds: [file.id] });
    expect(await store.getLead(old.id)).toMatchObject({
      fields: {},
      attachments: [],
      purgedAt: 10_000,
      utm: { utm_source: 'yandex' },
      page: '/request/',
    });
    for (const kept of [halfDelivered, recent, nowhere]) {
      expect((await store.getLead(kept.id))?.fields).toMatchObject({ name: 'Иван Петров' });
    }
    expect(await store.purgeDelivered(5000, 10_000)).toEqual({ leads: 0, uploadIds: [] });
  });

  test(`${engine.name}: leads that never reached every destination are deleted whole after their window, delivered ones are not`, async () => {
    const { store } = await openStore(engine.create);
    const file = upload();
    await store.saveUploads([file]);
    const stuck = await store.insertLead(lead({ uploads: [{ field: 'attachments', id: file.id }] }), ['webhook', 'email'], 1000);
    const nowhere = await store.insertLead(lead(), [], 1000);
    const delivered = await store.insertLead(lead(), ['webhook'], 1000);
    const recent = await store.insertLead(lead(), ['webhook'], 9000);
    const [half] = await store.deliveriesOf(stuck.id);
    await store.markDelivered(half!.id, 2000);
    for (const delivery of await store.deliveriesOf(delivered.id)) await store.markDelivered(delivery.id, 2000);

    const result = await store.deleteUndelivered(5000);
    expect(result.leadIds.toSorted()).toEqual([stuck.id, nowhere.id].toSorted());
    expect(result.uploadIds).toEqual([file.id]);
    for (const gone of [stuck, nowhere]) {
      expect(await store.getLead(gone.id)).toBeUndefined();
      expect(await store.deliveriesOf(gone.id)).toEqual([]);
    }
    expect(await store.hasUpload(file.id)).toBe(false);
    expect((await store.getLead(delivered.id))?.fields).toMatchObject({ name: 'Иван Петров' });
    expect((await store.getLead(recent.id))?.fields).toMatchObject({ name: 'Иван Петров' });
    expect(await store.countLeads()).toBe(2);
    expect(await store.deleteUndelivered(5000)).toEqual({ leadIds: [], uploadIds: [] });
  });

  test(`${engine.name}: a post that filled the honeypot is stored with its reason and queued for no destination`, async () => {
    const { store } = await openStore(engine.create);
    const file = upload();
    await store.saveUploads([file]);
    const spam = await store.insertLead(
      lead({ suspectedSpam: 'honeypot', uploads: [{ field: 'attachments', id: file.id }] }),
      ['webhook', 'email'],
      1000,
    );
    const person = await store.insertLead(lead(), ['webhook', 'email'], 1000);
    expect(await store.getLead(spam.id)).toMatchObject({ suspectedSpam: 'honeypot', fields: { name: 'Иван Петров' } });
    expect((await store.getLead(spam.id))?.attachments.map((attachment) => attachment.id)).toEqual([file.id]);
    expect(await store.deliveriesOf(spam.id)).toEqual([]);
    expect((await store.getLead(person.id))?.suspectedSpam).toBeNull();
    expect(await store.deliveriesOf(person.id)).toHaveLength(2);
    expect(await store.claimDue({ now: 2000, leaseMs: 1000, destinations: ['webhook', 'email'], limit: 10 })).toHaveLength(2);
  });

  test(`${engine.name}: a lead sent too fast is queued for every destination, marked with its reason`, async () => {
    const { store } = await openStore(engine.create);
    const fast = await store.insertLead(lead({ suspectedSpam: 'too fast' }), ['webhook', 'email'], 1000);
    expect((await store.getLead(fast.id))?.suspectedSpam).toBe('too fast');
    expect((await store.deliveriesOf(fast.id)).map((delivery) => delivery.destination).sort()).toEqual(['email', 'webhook']);
  });

  test(`${engine.name}: a honeypot post is deleted after its window without counting as an undelivered lead`, async () => {
    const { store } = await openStore(engine.create);
    const file = upload();
    await store.saveUploads([file]);
    const old = await store.insertLead(lead({ suspectedSpam: 'honeypot', uploads: [{ field: 'attachments', id: file.id }] }), [], 1000);
    const recent = await store.insertLead(lead({ suspectedSpam: 'honeypot' }), [], 9000);
    const fast = await store.insertLead(lead({ suspectedSpam: 'too fast' }), ['webhook'], 1000);
    expect(await store.deleteSuspectedSpam(5000)).toEqual({ leadIds: [old.id], uploadIds: [file.id] });
    expect(await store.getLead(old.id)).toBeUndefined();
    expect(await store.getLead(recent.id)).toBeDefined();
    // A lead sent too fast is a lead: never delivered, it goes with the undelivered ones (decision 023).
    expect(await store.getLead(fast.id)).toBeDefined();
    expect((await store.deleteUndelivered(5000)).leadIds).toEqual([fast.id]);
  });

  test(`${engine.name}: a form result reads back until it expires, and the purge drops it after`, async () => {
    const { store } = await openStore(engine.create);
    const id = randomUUID();
    await store.saveFormResult(id, '{"form":"subscribe","status":"accepted","leadId":"x"}', 1000);
    expect(await store.formResult(id, 500)).toBe('{"form":"subscribe","status":"accepted","leadId":"x"}');
    expect(await store.formResult(id, 1500)).toBeUndefined();
    expect(await store.formResult(randomUUID(), 0)).toBeUndefined();
    expect(await store.purgeFormResults(900)).toBe(0);
    expect(await store.purgeFormResults(1100)).toBe(1);
    expect(await store.formResult(id, 0)).toBeUndefined();
  });

  test(`${engine.name}: the files a form sent again names are found while unclaimed and unexpired`, async () => {
    const { store } = await openStore(engine.create);
    const fresh = { ...upload(), createdAt: 900 };
    const old = { ...upload(), createdAt: 100 };
    const claimed = { ...upload(), createdAt: 900 };
    for (const file of [fresh, old, claimed]) await store.saveUploads([file]);
    await store.insertLead(lead({ uploads: [{ field: 'attachments', id: claimed.id }] }), [], 1000);
    expect((await store.unclaimedUploads([fresh.id, old.id, claimed.id, randomUUID()], 500)).map((file) => file.id)).toEqual([fresh.id]);
  });

  test(`${engine.name}: a client's uploads are counted together, all it stores and what it sent lately`, async () => {
    const { store } = await openStore(engine.create);
    await store.saveUploads([{ ...upload(), size: 100, createdAt: 1_000 }], 'client-a');
    await store.saveUploads([{ ...upload(), size: 200, createdAt: 5_000 }], 'client-a');
    await store.saveUploads([{ ...upload(), size: 400, createdAt: 6_000 }], 'client-a');
    await store.saveUploads([{ ...upload(), size: 800, createdAt: 6_000 }], 'client-b');
    await store.saveUploads([{ ...upload(), size: 1600, createdAt: 6_000 }]);
    expect(await uploadUsageOf(store, 'client-a', 5_000)).toMatchObject({
      storedBytes: 700,
      recentBytes: 600,
      recentFiles: 2,
      totalBytes: 3100,
    });
    expect(await uploadUsageOf(store, 'client-c', 0)).toMatchObject({ storedBytes: 0, recentBytes: 0, recentFiles: 0 });
  });

  test(`${engine.name}: uploads no submission claimed are forgotten after their time`, async () => {
    const { store } = await openStore(engine.create);
    const abandoned = { ...upload(), createdAt: 100 };
    const fresh = { ...upload(), createdAt: 900 };
    await store.saveUploads([abandoned]);
    await store.saveUploads([fresh]);
    expect(await store.purgeUnclaimedUploads(500)).toEqual([abandoned.id]);
    expect(await store.hasUpload(fresh.id)).toBe(true);
    expect(await store.deleteUnclaimedUploads([fresh.id])).toEqual([fresh.id]);
  });
}

test.skipIf(postgresMissing)(
  'PostgreSQL: a scheduled job runs once across instances: a second one skips while the first holds the lock',
  async () => {
    const database = await engines.find((engine) => engine.name === 'PostgreSQL')!.create();
    const [first, second] = [new LeadStore(database.open()), new LeadStore(database.open())];
    try {
      await first.migrate();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const firstRun = first.runExclusive(42, async () => {
        started();
        await held;
        return 'first';
      });
      await running;
      expect(await second.runExclusive(42, async () => 'second')).toBeUndefined();
      expect(await second.runExclusive(43, async () => 'other job')).toBe('other job');
      release();
      expect(await firstRun).toBe('first');
      expect(await second.runExclusive(42, async () => 'second')).toBe('second');
    } finally {
      await database.cleanup();
    }
  },
);
