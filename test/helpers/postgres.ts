/**
 * PostgreSQL for tests: the server at TEST_DATABASE_URL (default the machine's, 127.0.0.1:5432, user
 * postgres, trust auth; `.ci/run` installs and starts one when none answers). Each harness, and each
 * test file that asks, gets a database of its own, dropped after.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database on the test server that the tests may create databases from. */
export function testDatabaseServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  url: string;
  name: string;
  /** Drops the database (its connections are closed first). */
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseServerUrl(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `cw_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(testDatabaseServerUrl());
  url.pathname = `/${name}`;
  let dropping: Promise<void> | null = null;
  return {
    url: url.toString(),
    name,
    drop() {
      dropping ??= admin(async (c) => { await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); });
      return dropping;
    },
  };
}
