/**
 * After an erasure the archive is vacuumed and reindexed at the archiver's next pass (docs/retention.md),
 * on PostgreSQL and on the embedded PGlite: the statistics show the VACUUM of both tables, the
 * indexes that held the claimant's hashes are rebuilt (new files), and PGlite's data files (its
 * data directory, the WAL aside) no longer hold the erased phone hash, which they did after the
 * erasure alone. A pass with no erasure since vacuums nothing.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Archiver } from '../../src/archive/archiver';
import { ManualClock } from '../../src/clock';
import { phiHash, sha256Hex } from '../../src/phi';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

const day = 86_400_000;
const indexes = ['archived_workflows_phone', 'archived_workflows_claim', 'archived_events_claim'];

/** The files under `dir` (the WAL aside) whose bytes contain `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (path.includes('pg_wal')) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (readFileSync(path).includes(needle)) found.push(path);
    }
  };
  walk(dir);
  return found;
}

for (const backend of ['postgres', 'pglite'] as const) {
  describe(`archive vacuum after an erasure (${backend})`, function () {
    this.timeout(60000);
    let h: Harness;
    let dir: string | null = null;
    const phone = '+919800077001';
    const claimId = 'CLM-VAC-1';

    before(async () => {
      dir = backend === 'pglite' ? mkdtempSync(join(tmpdir(), 'cw-vacuum-')) : null;
      h = await startHarness({ roles: ['api'], config: backend === 'pglite' ? { databaseUrl: null, embeddedDatabaseDir: dir } : {} });
    });
    after(async () => {
      await h?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const query = async <R>(text: string) => (await (await h.services.archive.db()).query<R>(text)).rows;
    const vacuums = async () => query<{ relname: string; vacuum_count: string | number; last_vacuum: unknown }>(
      "SELECT relname, vacuum_count, last_vacuum FROM pg_stat_user_tables WHERE relname IN ('archived_workflows', 'archived_events') ORDER BY relname");
    const filenodes = async () => query<Record<string, string | number>>(`SELECT ${indexes.map((i, n) => `pg_relation_filenode('${i}') AS f${n}`).join(', ')}`)
      .then((rows) => indexes.map((_, n) => String(rows[0]![`f${n}`])));

    it('vacuums and reindexes the archive at the next pass after an erasure; the erased hash leaves the files', async () => {
      const s = h.services;
      const started = Date.now() - 60 * day;
      // The claimant's finished workflow and two other claimants', archived past the hot window.
      const claimants = [{ phone, claimId }, { phone: '+919800077002', claimId: 'CLM-VAC-2' }, { phone: '+919800077003', claimId: 'CLM-VAC-3' }];
      for (const [i, c] of claimants.entries()) {
        const p = s.keys.partitionOf('acme', c.phone);
        const id = s.keys.newWorkflowId(p);
        await s.redis.hset(s.keys.workflow(p, id), {
          workflow_id: id, tenant_id: 'acme', workflow_type: 'claim-status', status: 'completed', phone_hash: phiHash(c.phone), claim_id_hash: phiHash(c.claimId),
          started_at: String(started + i), updated_at: String(started + i + 5), completed_at: String(started + i + 5), channel: 'whatsapp', outcome: 'completed', seq: '5', audit: '',
        });
        await s.redis.zadd(s.keys.workflowIndex(p, 'acme'), started + i, id);
      }
      const clock = new ManualClock(started + h.config.retention.hotWindowMs + day);
      const archiver = new Archiver({ redis: s.redis, keys: s.keys, config: s.config, clock, log: s.log, archive: s.archive, tenants: s.tenants });
      expect((await archiver.runOnce(['acme'])).workflows).to.equal(3);
      // Nothing erased yet: the pass vacuums nothing.
      expect((await vacuums()).map((v) => Number(v.vacuum_count))).to.deep.equal([0, 0]);
      const before = await filenodes();

      const summary = await s.erasure.erase('acme', phone);
      expect(summary.archived_workflows).to.equal(1);
      if (dir) {
        // The erasure alone leaves the old row version (and its index entries) in the files.
        await query('CHECKPOINT');
        expect(filesHolding(dir, sha256Hex(phone)), 'the hash in the files before the vacuum').to.not.deep.equal([]);
      }

      await archiver.runOnce(['acme']);
      // The VACUUM of both tables, seen in the statistics.
      const seen = await waitFor(async () => {
        const rows = await vacuums();
        return rows.every((r) => Number(r.vacuum_count) === 1 && r.last_vacuum !== null) ? rows : null;
      }, { what: 'the VACUUM in pg_stat_user_tables' });
      expect(seen.map((r) => r.relname)).to.deep.equal(['archived_events', 'archived_workflows']);
      // Each index that held a claimant's value was rebuilt: a new file.
      const after = await filenodes();
      indexes.forEach((name, i) => expect(after[i], name).to.not.equal(before[i]));
      if (dir) expect(filesHolding(dir, sha256Hex(phone))).to.deep.equal([]);
      // The other claimants' rows are as they were, found by their hashes.
      const rows = await query<{ n: string | number }>(`SELECT count(*) AS n FROM archived_workflows WHERE record->>'phone_hash' IN ('${phiHash(claimants[1]!.phone)}', '${phiHash(claimants[2]!.phone)}')`);
      expect(Number(rows[0]!.n)).to.equal(2);

      // A pass with no erasure since does not vacuum again.
      await archiver.runOnce(['acme']);
      expect((await vacuums()).map((v) => Number(v.vacuum_count))).to.deep.equal([1, 1]);
    });
  });
}
