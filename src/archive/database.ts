/**
 * The archive's database: PostgreSQL through node-postgres when `DATABASE_URL` is set, else an
 * embedded PGlite (real PostgreSQL compiled to WASM, in-process, data under `.data/pg`) running the
 * same SQL. Either way the schema is brought up to date at open by node-pg-migrate, from the SQL
 * files in ./migrations (docs/retention.md).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger';

/** What the archive needs of a database: parameterised queries, and closing. */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  close(): Promise<void>;
}

export const migrationsDir = join(__dirname, 'migrations');
const migrationsTable = 'archive_migrations';

/** Opens the archive database and applies any migration not yet applied. */
export async function openDatabase(o: {
  databaseUrl: string | null; embeddedDir: string | null; log: Logger;
  /** PostgreSQL only: how the pool's connections are named (`pg_stat_activity`), and how many it opens (default 4). */
  applicationName?: string; maxConnections?: number;
}): Promise<Database> {
  const db = o.databaseUrl ? postgres(o.databaseUrl, o.log, { applicationName: o.applicationName, max: o.maxConnections }) : await pglite(o.embeddedDir);
  try {
    await migrate(db, o.log);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return db;
}

function postgres(url: string, log: Logger, o: { applicationName?: string; max?: number } = {}): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: o.max ?? 4, idleTimeoutMillis: 10_000, ...(o.applicationName ? { application_name: o.applicationName } : {}) });
  // An idle client's connection that breaks is reported here; the next query takes a new one.
  pool.on('error', (err) => log.warn({ err: err.message }, 'archive database connection lost'));
  let closing: Promise<void> | null = null;
  return {
    kind: 'postgres',
    pool,
    query: async <R>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as R[] }),
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

async function pglite(dir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dir) mkdirSync(resolve(dir), { recursive: true });
  const db = dir ? new PGlite(resolve(dir)) : new PGlite();
  await db.waitReady;
  let closing: Promise<void> | null = null;
  return {
    kind: 'pglite',
    async query<R>(text: string, params?: unknown[]) {
      // Without parameters (a migration file: several statements) PGlite's simple protocol runs them all.
      if (!params || params.length === 0) {
        const results = await db.exec(text);
        return { rows: (results[results.length - 1]?.rows ?? []) as R[] };
      }
      return { rows: (await db.query<R>(text, params)).rows };
    },
    close() {
      closing ??= db.close();
      return closing;
    },
  };
}

/** node-pg-migrate, up to the newest migration, on one connection (it takes an advisory lock). */
async function migrate(db: Database, log: Logger): Promise<void> {
  const { runner } = await import('node-pg-migrate');
  const logger = { debug: (m: string) => log.debug({ migration: m }, 'archive migration'), info: (m: string) => log.debug({ migration: m }, 'archive migration'),
    warn: (m: string) => log.warn({ migration: m }, 'archive migration'), error: (m: string) => log.error({ migration: m }, 'archive migration') };
  // Processes of one deployment start together (api, stages, scheduler) on one database: each waits
  // for the advisory lock of the one migrating instead of failing to start (node-pg-migrate's
  // default 'fail' made all but one of four processes started at once exit).
  const options = { dir: migrationsDir, migrationsTable, direction: 'up' as const, checkOrder: true, logger, advisoryLockMode: 'wait' as const };
  if ('pool' in db) {
    const client = await (db as Database & { pool: pg.Pool }).pool.connect();
    try {
      await runner({ ...options, dbClient: client });
    } finally {
      client.release();
    }
    return;
  }
  // PGlite is one connection already: node-pg-migrate only calls query() on the client it is given.
  await runner({ ...options, dbClient: { query: (text: string, values?: unknown[]) => db.query(typeof text === 'string' ? text : (text as { text: string }).text, values) } as unknown as pg.ClientBase });
}
