import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** What `.ci/run` (scripts/ci-postgres.sh) provides; also tried locally when nothing is set. */
const LOCAL_DEFAULT = 'postgres://leads:leads@127.0.0.1:5432/leads_test';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The PostgreSQL the store tests run against: TEST_DATABASE_URL (must work), else the local
 * default if a server answers there. `undefined` skips the PostgreSQL half of the tests — but
 * never on CI, where `.ci/run` must have provided one.
 */
export async function testPostgresUrl(): Promise<string | undefined> {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) {
    if (!(await reachable(configured))) throw new Error('TEST_DATABASE_URL is set but PostgreSQL does not answer there');
    return configured;
  }
  if (await reachable(LOCAL_DEFAULT)) return LOCAL_DEFAULT;
  if (process.env.CI) throw new Error('CI must provide PostgreSQL (TEST_DATABASE_URL, see scripts/ci-postgres.sh)');
  return undefined;
}

/** A schema of its own for one test, selected through the URL, so tests never see each other. */
export async function freshPostgresSchema(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}
