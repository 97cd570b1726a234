import { randomUUID } from 'node:crypto';
import type { FormName } from '../../../shared/forms/definitions.ts';
import type { UtmParams } from '../../../shared/forms/utm.ts';
import { migrate } from './migrations.ts';
import { placeholders, type SqlClient } from '../../platform/database/sqlClient.ts';

/** A file received by the upload call or a multipart form; the bytes live in the uploads folder. */
export interface UploadRecord {
  readonly id: string;
  readonly field: string;
  /** The visitor's file name, shown to the agency only. */
  readonly name: string;
  readonly size: number;
  /** Detected from the content. */
  readonly type: string;
  readonly createdAt: number;
}

export type LeadFields = Readonly<Record<string, string | boolean>>;

export interface NewLead {
  readonly form: FormName;
  readonly fields: LeadFields;
  readonly page: string | null;
  readonly utm: UtmParams;
  /** Uploads to attach, by field; each must exist and belong to no other lead. */
  readonly uploads: readonly { readonly field: string; readonly id: string }[];
  /** The browser's key for one filled form: a retried submission returns the first id. */
  readonly idempotencyKey?: string | undefined;
  /** Uploads made before this time (ms) have expired and can no longer be claimed. */
  readonly uploadsNotBefore?: number | undefined;
  /** Decision 039: `too fast` is delivered marked as suspected; `honeypot` is kept for a look and sent nowhere. */
  readonly suspectedSpam?: SpamReason | undefined;
}

export type SpamReason = 'honeypot' | 'too fast';

export interface StoredLead {
  readonly id: string;
  readonly form: FormName;
  readonly createdAt: number;
  readonly page: string | null;
  readonly utm: UtmParams;
  readonly fields: LeadFields;
  readonly attachments: readonly UploadRecord[];
  /** Set once personal fields and attachments were erased (152-FZ retention, see purge.ts). */
  readonly purgedAt: number | null;
  readonly suspectedSpam: SpamReason | null;
}

export interface Delivery {
  readonly id: string;
  readonly leadId: string;
  readonly destination: string;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly deliveredAt: number | null;
  readonly lastError: string | null;
}

/** What the upload budgets count besides one reservation, other requests' holds included (decision 039). */
export interface UploadUsage {
  /** The client's bytes still kept, whenever sent. */
  readonly storedBytes: number;
  /** The client's bytes and files of the current window. */
  readonly recentBytes: number;
  readonly recentFiles: number;
  /** Everybody's bytes. */
  readonly totalBytes: number;
  /** What this reservation holds already. */
  readonly own: UploadHold;
}

export interface UploadHold {
  readonly bytes: number;
  readonly files: number;
}

// Any constant not used by another lock (migrations.ts, purge.ts): every instance takes the same one.
const UPLOAD_BUDGET_LOCK = 6_270_613;

/** A submission referenced an upload that does not exist or is already attached elsewhere. */
export class UnknownUploadError extends Error {
  override name = 'UnknownUploadError';
  constructor(readonly field: string) {
    super(`unknown upload in field ${field}`);
  }
}

interface LeadRow extends Omit<StoredLead, 'utm' | 'fields' | 'attachments'> {
  readonly utm: string;
  readonly fields: string;
}

// Columns read under the names of the records they fill: both engines return BIGINT and INTEGER as numbers (platform/database).
const LEAD = 'id, form, created_at AS "createdAt", page, utm, fields, purged_at AS "purgedAt", suspected_spam AS "suspectedSpam"';
const UPLOAD = 'id, field, name, size, type, created_at AS "createdAt"';
const DELIVERY =
  'id, lead_id AS "leadId", destination, attempts, next_attempt_at AS "nextAttemptAt", delivered_at AS "deliveredAt", last_error AS "lastError"';

/** The lead stored before under the same idempotency key, answered as a repeat. */
async function repeatOf(db: SqlClient, key: string | undefined): Promise<{ id: string; created: false } | undefined> {
  if (key === undefined) return undefined;
  const [row] = await db.all<{ id: string }>('SELECT id FROM leads WHERE idempotency_key = $1', [key]);
  return row === undefined ? undefined : { id: row.id, created: false };
}

/** The durable store of leads and their outbox (a delivery row per destination), one contract on SQLite and PostgreSQL. */
export class LeadStore {
  constructor(private readonly db: SqlClient) {}

  migrate(): Promise<number[]> {
    return migrate(this.db);
  }

  close(): Promise<void> {
    return this.db.close();
  }

  /** The cheapest statement: resolves when the database answers (`/readyz`). */
  async ping(): Promise<void> {
    await this.db.all('SELECT 1 AS one');
  }

  /** Runs `job` unless another process holds `lock` (undefined then): a PostgreSQL transaction lock; SQLite's jobs are idempotent. */
  async runExclusive<T>(lock: number, job: () => Promise<T>): Promise<T | undefined> {
    if (this.db.dialect !== 'postgres') return job();
    return this.db.transaction(async (tx) => {
      const [row] = await tx.all<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS locked', [lock]);
      return row?.locked === true ? job() : undefined;
    });
  }

  /** Records one request's files and drops the reservation that held their bytes, together (decision 039). */
  async saveUploads(uploads: readonly UploadRecord[], client?: string, reservationId?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Under the budget's lock: a budget decision never reads the rows without the reservation, nor both.
      if (tx.dialect === 'postgres') await tx.all('SELECT pg_advisory_xact_lock($1::bigint)', [UPLOAD_BUDGET_LOCK]);
      for (const { id, createdAt, field, name, size, type } of uploads) {
        const values = [id, createdAt, field, name, size, type, client ?? null];
        await tx.run('INSERT INTO uploads (id, created_at, field, name, size, type, client) VALUES ($1, $2, $3, $4, $5, $6, $7)', values);
      }
      if (reservationId !== undefined) await tx.run('DELETE FROM upload_reservations WHERE id = $1', [reservationId]);
    });
  }

  /** Reads what the budgets count beside reservation `id`, stores `decide`'s answer, under one lock for all instances (decision 039). */
  async adjustUploadReservation<T>(
    reservation: { readonly id: string; readonly client: string; readonly since: number; readonly heldSince: number; readonly now: number },
    decide: (usage: UploadUsage) => { readonly hold?: UploadHold | undefined; readonly result: T },
  ): Promise<T> {
    const { id, client, since, heldSince, now } = reservation;
    return this.db.transaction(async (tx) => {
      if (tx.dialect === 'postgres') await tx.all('SELECT pg_advisory_xact_lock($1::bigint)', [UPLOAD_BUDGET_LOCK]);
      // The files kept and the holds of other requests still receiving, counted alike (a hold is always recent).
      const [sums] = await tx.all<Record<'stored' | 'recent' | 'files' | 'total', number | string>>(
        `SELECT COALESCE(SUM(CASE WHEN client = $1 THEN bytes ELSE 0 END), 0) AS stored,
                COALESCE(SUM(CASE WHEN client = $1 AND recent = 1 THEN bytes ELSE 0 END), 0) AS recent,
                COALESCE(SUM(CASE WHEN client = $1 AND recent = 1 THEN files ELSE 0 END), 0) AS files,
                COALESCE(SUM(bytes), 0) AS total
           FROM (SELECT client, size AS bytes, 1 AS files, CASE WHEN created_at >= $2 THEN 1 ELSE 0 END AS recent FROM uploads
                 UNION ALL
                 SELECT client, bytes, files, 1 AS recent FROM upload_reservations WHERE id <> $3 AND created_at >= $4) AS counted`,
        [client, since, id, heldSince],
      );
      const [own] = await tx.all<UploadHold>('SELECT bytes, files FROM upload_reservations WHERE id = $1', [id]);
      const decision = decide({
        storedBytes: Number(sums?.stored ?? 0),
        recentBytes: Number(sums?.recent ?? 0),
        recentFiles: Number(sums?.files ?? 0),
        totalBytes: Number(sums?.total ?? 0),
        own: own ?? { bytes: 0, files: 0 },
      });
      if (decision.hold !== undefined) {
        await tx.run(
          `INSERT INTO upload_reservations (id, client, bytes, files, created_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (id) DO UPDATE SET bytes = excluded.bytes, files = excluded.files`,
          [id, client, decision.hold.bytes, decision.hold.files, now],
        );
      }
      return decision.result;
    });
  }

  /** Gives back what a reservation held (its request ended without keeping files). */
  async releaseUploadReservation(id: string): Promise<void> {
    await this.db.run('DELETE FROM upload_reservations WHERE id = $1', [id]);
  }

  /** Drops reservations made before `createdBefore`: a process that died mid-upload left them (the purge calls it). */
  async purgeUploadReservations(createdBefore: number): Promise<number> {
    return this.db.run('DELETE FROM upload_reservations WHERE created_at < $1', [createdBefore]);
  }

  /** Forgets uploads that no lead claimed (a rejected submission); returns the ids removed. */
  async deleteUnclaimedUploads(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.all<{ id: string }>(
      `DELETE FROM uploads WHERE lead_id IS NULL AND id IN (${placeholders(ids.length)}) RETURNING id`,
      ids,
    );
    return rows.map((row) => row.id);
  }

  async hasUpload(id: string): Promise<boolean> {
    return (await this.db.all('SELECT 1 AS one FROM uploads WHERE id = $1', [id])).length > 0;
  }

  /** Stores a lead, claims its uploads and queues a delivery per destination (none for a honeypot), in one transaction. */
  async insertLead(lead: NewLead, destinations: readonly string[], now = Date.now()): Promise<{ id: string; created: boolean }> {
    try {
      return await this.db.transaction(async (tx) => {
        const repeat = await repeatOf(tx, lead.idempotencyKey);
        if (repeat !== undefined) return repeat;
        const id = randomUUID();
        await tx.run(
          `INSERT INTO leads (id, form, created_at, idempotency_key, page, utm, fields, suspected_spam)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            id,
            lead.form,
            now,
            lead.idempotencyKey ?? null,
            lead.page,
            JSON.stringify(lead.utm),
            JSON.stringify(lead.fields),
            lead.suspectedSpam ?? null,
          ],
        );
        for (const [position, upload] of lead.uploads.entries()) {
          const claimed = await tx.run(
            'UPDATE uploads SET lead_id = $1, field = $2, position = $3 WHERE id = $4 AND lead_id IS NULL AND created_at >= $5',
            [id, upload.field, position, upload.id, lead.uploadsNotBefore ?? 0],
          );
          if (claimed !== 1) throw new UnknownUploadError(upload.field);
        }
        for (const destination of lead.suspectedSpam === 'honeypot' ? [] : destinations) {
          const values = [`${id}:${destination}`, id, destination, now];
          await tx.run('INSERT INTO deliveries (id, lead_id, destination, attempts, next_attempt_at) VALUES ($1, $2, $3, 0, $4)', values);
        }
        return { id, created: true };
      });
    } catch (error) {
      // Two concurrent retries of one submission on PostgreSQL: the loser reads the winner's id.
      const repeat = (error as { code?: string }).code === '23505' ? await repeatOf(this.db, lead.idempotencyKey) : undefined;
      if (repeat === undefined) throw error;
      return repeat;
    }
  }

  async getLead(id: string): Promise<StoredLead | undefined> {
    const [row] = await this.db.all<LeadRow>(`SELECT ${LEAD} FROM leads WHERE id = $1`, [id]);
    if (row === undefined) return undefined;
    const attachments = await this.db.all<UploadRecord>(
      `SELECT ${UPLOAD} FROM uploads WHERE lead_id = $1 ORDER BY position, created_at, id`,
      [id],
    );
    return { ...row, utm: JSON.parse(row.utm) as UtmParams, fields: JSON.parse(row.fields) as LeadFields, attachments };
  }

  async countLeads(): Promise<number> {
    const [row] = await this.db.all<{ count: number | string }>('SELECT COUNT(*) AS count FROM leads');
    return Number(row?.count ?? 0);
  }

  /** Deliveries still pending and the creation time of the oldest lead they belong to (metrics). */
  async outboxBacklog(): Promise<{ backlog: number; oldestCreatedAt: number | null }> {
    const [row] = await this.db.all<{ backlog: number | string; oldest: number | string | null }>(
      `SELECT COUNT(*) AS backlog, MIN(l.created_at) AS oldest
       FROM deliveries d JOIN leads l ON l.id = d.lead_id WHERE d.delivered_at IS NULL`,
    );
    return { backlog: Number(row?.backlog ?? 0), oldestCreatedAt: row?.oldest == null ? null : Number(row.oldest) };
  }

  async deliveriesOf(leadId: string): Promise<Delivery[]> {
    return this.db.all<Delivery>(`SELECT ${DELIVERY} FROM deliveries WHERE lead_id = $1 ORDER BY destination`, [leadId]);
  }

  /**
   * Leases up to `limit` due deliveries until `now + leaseMs` (a process dying mid-send leaves them to a later run).
   * The outer WHERE re-checks rows a concurrent worker claimed (READ COMMITTED); SKIP LOCKED keeps a worker from
   * waiting on another's rows and then claiming nothing though others are due. SQLite has one writer, no row locks.
   */
  async claimDue(options: { now: number; leaseMs: number; destinations: readonly string[]; limit: number }): Promise<Delivery[]> {
    const { now, leaseMs, destinations, limit } = options;
    if (destinations.length === 0) return [];
    const list = placeholders(destinations.length, 3);
    const skipLocked = this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    return this.db.all<Delivery>(
      `UPDATE deliveries SET next_attempt_at = $2
       WHERE delivered_at IS NULL AND next_attempt_at <= $1 AND destination IN (${list})
         AND id IN (SELECT id FROM deliveries WHERE delivered_at IS NULL AND next_attempt_at <= $1
                    AND destination IN (${list}) ORDER BY next_attempt_at LIMIT $3${skipLocked})
       RETURNING ${DELIVERY}`,
      [now, now + leaseMs, limit, ...destinations],
    );
  }

  async markDelivered(id: string, now = Date.now()): Promise<void> {
    await this.db.run('UPDATE deliveries SET delivered_at = $2, last_error = NULL WHERE id = $1', [id, now]);
  }

  async markFailed(id: string, failure: { attempts: number; nextAttemptAt: number; error: string }): Promise<void> {
    const values = [id, failure.attempts, failure.nextAttemptAt, failure.error.slice(0, 500)];
    await this.db.run('UPDATE deliveries SET attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $1', values);
  }

  /** Erases the personal fields and attachments of leads delivered everywhere before `deliveredBefore` (the rest kept for statistics). */
  async purgeDelivered(deliveredBefore: number, now = Date.now()): Promise<{ leads: number; uploadIds: string[] }> {
    return this.db.transaction(async (tx) => {
      const due = await tx.all<{ id: string }>(
        `SELECT l.id FROM leads l
         WHERE l.purged_at IS NULL
           AND EXISTS (SELECT 1 FROM deliveries d WHERE d.lead_id = l.id)
           AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.lead_id = l.id AND d.delivered_at IS NULL)
           AND (SELECT MAX(d.delivered_at) FROM deliveries d WHERE d.lead_id = l.id) < $1
         LIMIT 500`,
        [deliveredBefore],
      );
      if (due.length === 0) return { leads: 0, uploadIds: [] };
      const ids = due.map((row) => row.id);
      const list = placeholders(ids.length, 1);
      await tx.run(`UPDATE leads SET fields = '{}', purged_at = $1 WHERE id IN (${list})`, [now, ...ids]);
      const uploads = await tx.all<{ id: string }>(`DELETE FROM uploads WHERE lead_id IN (${placeholders(ids.length)}) RETURNING id`, ids);
      return { leads: ids.length, uploadIds: uploads.map((row) => row.id) };
    });
  }

  /** Deletes leads created before `createdBefore` that did not reach every destination, with their rows (decision 023). */
  deleteUndelivered(createdBefore: number): Promise<{ leadIds: string[]; uploadIds: string[] }> {
    return this.#deleteLeads(
      `SELECT l.id FROM leads l
       WHERE l.purged_at IS NULL AND l.created_at < $1 AND (l.suspected_spam IS NULL OR l.suspected_spam <> 'honeypot')
         AND (NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.lead_id = l.id)
              OR EXISTS (SELECT 1 FROM deliveries d WHERE d.lead_id = l.id AND d.delivered_at IS NULL))
       ORDER BY l.created_at LIMIT 500`,
      createdBefore,
    );
  }

  /** Deletes honeypot posts created before `createdBefore`: kept as long as an undelivered lead, never sent (decisions 023, 039). */
  deleteSuspectedSpam(createdBefore: number): Promise<{ leadIds: string[]; uploadIds: string[] }> {
    return this.#deleteLeads(
      "SELECT id FROM leads WHERE suspected_spam = 'honeypot' AND created_at < $1 ORDER BY created_at LIMIT 500",
      createdBefore,
    );
  }

  /** The leads `select` finds, deleted with their deliveries and upload rows in one transaction. */
  #deleteLeads(select: string, before: number): Promise<{ leadIds: string[]; uploadIds: string[] }> {
    return this.db.transaction(async (tx) => {
      const leadIds = (await tx.all<{ id: string }>(select, [before])).map((row) => row.id);
      if (leadIds.length === 0) return { leadIds, uploadIds: [] };
      const list = placeholders(leadIds.length);
      const uploads = await tx.all<{ id: string }>(`DELETE FROM uploads WHERE lead_id IN (${list}) RETURNING id`, leadIds);
      await tx.run(`DELETE FROM deliveries WHERE lead_id IN (${list})`, leadIds);
      await tx.run(`DELETE FROM leads WHERE id IN (${list})`, leadIds);
      return { leadIds, uploadIds: uploads.map((row) => row.id) };
    });
  }

  /** Keeps what a form posted without JavaScript led to (server/features/leads/forms/formResults.ts); `result` is JSON. */
  async saveFormResult(id: string, result: string, now = Date.now()): Promise<void> {
    await this.db.run('INSERT INTO form_results (id, created_at, result) VALUES ($1, $2, $3)', [id, now, result]);
  }

  /** A form result's JSON, unless it was made before `notBefore` (expired) or never. */
  async formResult(id: string, notBefore: number): Promise<string | undefined> {
    const sql = 'SELECT result FROM form_results WHERE id = $1 AND created_at >= $2';
    const [row] = await this.db.all<{ result: string }>(sql, [id, notBefore]);
    return row?.result;
  }

  /** Drops form results made before `createdBefore` (they hold what a visitor typed). */
  async purgeFormResults(createdBefore: number): Promise<number> {
    return this.db.run('DELETE FROM form_results WHERE created_at < $1', [createdBefore]);
  }

  /** Uploads not yet claimed by a lead, made since `notBefore`, of the given ids (a form sent again keeps them). */
  async unclaimedUploads(ids: readonly string[], notBefore: number): Promise<UploadRecord[]> {
    if (ids.length === 0) return [];
    return this.db.all<UploadRecord>(
      `SELECT ${UPLOAD} FROM uploads WHERE lead_id IS NULL AND created_at >= $1 AND id IN (${placeholders(ids.length, 1)}) ORDER BY created_at, id`,
      [notBefore, ...ids],
    );
  }

  /** Counts a hit of `key` in its window (a new one after the last ends), in one statement: exact across instances. */
  async hitRateLimit(key: string, now: number, windowMs: number): Promise<{ hits: number; resetAt: number }> {
    const [row] = await this.db.all<{ hits: number; reset_at: number }>(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.reset_at <= $2 THEN 1 ELSE rate_limits.hits + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= $2 THEN $3 ELSE rate_limits.reset_at END
       RETURNING hits, reset_at`,
      [key, now, now + windowMs],
    );
    return { hits: Number(row!.hits), resetAt: Number(row!.reset_at) };
  }

  async unhitRateLimit(key: string): Promise<void> {
    await this.db.run('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0', [key]);
  }

  async resetRateLimit(key: string): Promise<void> {
    await this.db.run('DELETE FROM rate_limits WHERE key = $1', [key]);
  }

  /** Drops counters whose window ended (the purge job calls it). */
  async purgeRateLimits(now: number): Promise<number> {
    return this.db.run('DELETE FROM rate_limits WHERE reset_at <= $1', [now]);
  }

  /** Forgets uploads no submission claimed since `createdBefore`; returns their ids. */
  async purgeUnclaimedUploads(createdBefore: number): Promise<string[]> {
    const sql = 'DELETE FROM uploads WHERE lead_id IS NULL AND created_at < $1 RETURNING id';
    const rows = await this.db.all<{ id: string }>(sql, [createdBefore]);
    return rows.map((row) => row.id);
  }
}
