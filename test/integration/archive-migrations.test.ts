/**
 * The processes of one deployment start together on one archive database (api, stage workers,
 * scheduler: four at once in the durability tests): each brings the schema up to date at start,
 * and none may fail because another holds node-pg-migrate's advisory lock. Found by the durability
 * test, whose API process exited with "Another migration is already running".
 */
import { expect } from 'chai';
import { openDatabase, type Database } from '../../src/archive/database';
import { createLogger } from '../../src/logger';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres';

describe('archive migrations: processes starting together', function () {
  this.timeout(60000);
  let database: TestDatabase;
  const opened: Database[] = [];

  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await Promise.all(opened.map((db) => db.close()));
    await database?.drop();
  });

  it('six opens of a fresh database at once all succeed, and the schema is migrated once', async () => {
    const log = createLogger('silent');
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => openDatabase({ databaseUrl: database.url, embeddedDir: null, log })));
    for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String((r.reason as Error).message) : 'ok'))).to.deep.equal(Array(6).fill('ok'));
    const { rows } = await opened[0]!.query<{ name: string }>('SELECT name FROM archive_migrations ORDER BY id');
    expect(rows.length).to.be.greaterThan(0);
    expect(new Set(rows.map((r) => r.name)).size, 'each migration recorded once').to.equal(rows.length);
  });
});
