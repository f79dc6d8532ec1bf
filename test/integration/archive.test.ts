/**
 * The archive (docs/retention.md): finished workflows and ledger events past the hot window move to
 * PostgreSQL and the partner reads do not change: the same resource by id, the same pages (a page
 * across the boundary has no gap and no duplicate, a fast-check property with random archive points,
 * also when the archiver moves on between two pages), the same chain to verify, a checkpoint signed
 * before archiving still holding, and another tenant's archived data still not found. The embedded
 * PGlite runs the same migrations and queries.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Archiver } from '../../src/archive/archiver';
import { ArchiveStore } from '../../src/archive/archive-store';
import { readLedgerEntry, walkPages, type LedgerEvent } from '../../src/audit/audit-chain';
import type { LedgerQuery } from '../../src/audit/audit-ledger';
import { ManualClock } from '../../src/clock';
import { createLogger } from '../../src/logger';
import type { ListFilter, WorkflowResource } from '../../src/workflows/workflow-store';
import { writeHistory, type History } from '../helpers/archive-data';
import { onboardFakeTenant } from '../helpers/fakes/demo-tenant';
import { startHarness, type Harness } from '../helpers/harness';

const day = 86_400_000;
const step = 1000;

describe('archive: hot window, archive in PostgreSQL, seamless reads', function () {
  this.timeout(60000);
  let h: Harness;
  let clock: ManualClock;
  let archiver: Archiver;
  const t0 = Date.now() - 30 * day;

  before(async () => {
    h = await startHarness({ roles: ['api'] });
    clock = new ManualClock(t0);
    const s = h.services;
    archiver = new Archiver({ redis: s.redis, keys: s.keys, config: s.config, clock, log: s.log, archive: s.archive, tenants: s.tenants });
  });
  after(async () => { await h?.close(); });

  /** The archiver's clock such that workflows 0..k-1 (and their events) are past the hot window. */
  const archiveFirst = async (tenantId: string, k: number) => {
    clock.set(t0 + k * step - 1 + h.config.retention.hotWindowMs);
    return archiver.runOnce([tenantId]);
  };

  describe('through the partner API', () => {
    let history: History;
    const get = async (path: string, token?: string) => {
      const res = await h.api(path, token ? { token } : {});
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const allPages = async (path: string, limit: number, token?: string) => {
      const items: Record<string, unknown>[] = [];
      let cursor: string | null = null;
      do {
        const sep = path.includes('?') ? '&' : '?';
        const { status, body } = await get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
        expect(status, JSON.stringify(body)).to.equal(200);
        items.push(...(body.items as Record<string, unknown>[]));
        cursor = body.next_cursor as string | null;
      } while (cursor);
      return items;
    };

    before(async () => {
      history = await writeHistory(h.services, 'acme', { workflows: 12, eventsPer: 3, t0, step });
    });

    it('answers the same workflow, the same lists and the same events once they are archived, and the chain still verifies', async () => {
      const s = h.services;
      const one = history.workflowIds[2]!;
      const before = {
        one: await get(`/v1/workflows/${one}`),
        list: await allPages('/v1/workflows', 5),
        completed: await allPages('/v1/workflows?status=completed', 2),
        events: await allPages('/v1/audit/events', 7),
        ofOne: await allPages(`/v1/audit/events?workflow_id=${one}`, 2),
        checkpoint: (await get('/v1/audit/checkpoint')).body.checkpoint as string,
      };
      expect(before.one.status).to.equal(200);
      expect(before.events).to.have.length(36);

      const pass = await archiveFirst('acme', 8);
      expect(pass).to.deep.equal({ workflows: 8, events: 24, busy: 0 });
      // Gone from Redis: the eight records, and the ledger's oldest 24 events; the head is as it was.
      expect(await s.redis.exists(s.keys.workflow(s.keys.partitionOfWorkflow(one)!, one))).to.equal(0);
      expect(await s.redis.xlen(s.keys.ledger('acme'))).to.equal(12);
      expect(await s.redis.hget(s.keys.ledgerHead('acme'), 'count')).to.equal('36');
      expect(await s.redis.hget(s.keys.archived('acme'), 'ledger_n')).to.equal('24');

      expect(await get(`/v1/workflows/${one}`)).to.deep.equal(before.one);
      expect(await allPages('/v1/workflows', 5)).to.deep.equal(before.list);
      expect(await allPages('/v1/workflows?status=completed', 2)).to.deep.equal(before.completed);
      expect(await allPages('/v1/audit/events', 7)).to.deep.equal(before.events);
      expect(await allPages(`/v1/audit/events?workflow_id=${one}`, 2)).to.deep.equal(before.ofOne);

      // POST /v1/audit/verify and the operator's walk: archive then Redis, one chain; the checkpoint
      // signed before archiving still holds.
      const verified = await h.api('/v1/audit/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ checkpoint: before.checkpoint }) });
      expect(await verified.json()).to.deep.include({ valid: true, count: 36, checkpoint: { valid: true, count: 36 } });
      const walked = await s.checkpoints.verify('acme', (position) => walkPages(s.ledger.pages('acme', 5), position), before.checkpoint, s.clock.now());
      expect(walked).to.deep.include({ valid: true, count: 36, head_hash: history.events[35]!.hash });
    });

    it('copies idempotently: a second pass, and a copy made again, double nothing', async () => {
      const s = h.services;
      expect(await archiveFirst('acme', 8)).to.deep.equal({ workflows: 0, events: 0, busy: 0 });
      await s.archive.putEvents('acme', history.events.slice(0, 24).map((e, i) => ({ ...e, sid: `${i + 1}-0` })));
      const db = await s.archive.db();
      const counts = await db.query<{ w: string; e: string }>(
        "SELECT (SELECT count(*) FROM archived_workflows WHERE tenant_id = 'acme') AS w, (SELECT count(*) FROM archived_events WHERE tenant_id = 'acme') AS e");
      expect(counts.rows[0]).to.deep.equal({ w: '8', e: '24' });
    });

    it("answers another tenant's archived workflow as not found, and lists none of it", async () => {
      const other = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'initech', phoneNumberId: '900900901' });
      const res = await fetch(`${h.apiUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: other.credentials.client_id, client_secret: other.credentials.client_secret }) });
      const { access_token: token } = (await res.json()) as { access_token: string };
      // initech has archived data of its own, so its reads do look in the archive.
      await writeHistory(h.services, 'initech', { workflows: 2, eventsPer: 1, t0, step });
      await archiveFirst('initech', 2);
      const archivedAcme = history.workflowIds[0]!;
      const foreign = await get(`/v1/workflows/${archivedAcme}`, token);
      expect(foreign.status).to.equal(404);
      expect(foreign.body).to.include({ error_code: 'workflow_not_found' });
      expect((await get(`/v1/audit/events?workflow_id=${archivedAcme}`, token)).status).to.equal(404);
      const listed = await allPages('/v1/workflows', 50, token);
      expect(listed.map((w) => w.tenant_id)).to.deep.equal(['initech', 'initech']);
      const events = await allPages('/v1/audit/events', 50, token);
      expect(events).to.have.length(2);
      expect(events.map((e) => e.workflow_id)).to.not.include(archivedAcme);
    });

    it('at the end of archive retention leaves a signed truncation checkpoint, and verification starts from it', async () => {
      const s = h.services;
      // The archiver signs with the service's key, so its clock is now: the retention is chosen to end
      // just after workflow 3 (everything here is past the 7-day hot window).
      const now = Date.now();
      const retention = { ...s.config.retention, archiveRetentionMs: now - (t0 + 4 * step - 1) };
      const ending = new Archiver({ redis: s.redis, keys: s.keys, config: { ...s.config, retention }, clock, log: s.log, archive: s.archive, tenants: s.tenants, checkpoints: s.checkpoints });
      clock.set(now);
      expect(await ending.runOnce(['acme'])).to.deep.equal({ workflows: 4, events: 12, busy: 0 });
      const truncation = await s.archive.latestTruncation('acme');
      expect(truncation).to.deep.include({ n: 12, hash: history.events[11]!.hash });
      expect(await s.checkpoints.signedPosition('acme', truncation!.checkpoint, s.clock.now())).to.deep.equal({ count: 12, head: history.events[11]!.hash });
      expect((await get(`/v1/workflows/${history.workflowIds[3]!}`)).status).to.equal(404);
      expect((await get(`/v1/workflows/${history.workflowIds[4]!}`)).status).to.equal(200);
      expect((await allPages('/v1/audit/events', 10)).map((e) => e.n)).to.deep.equal(history.events.slice(12).map((e) => e.n));

      const verify = async () => (await h.api('/v1/audit/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
      expect(await verify()).to.deep.include({ valid: true, count: 36, head_hash: history.events[35]!.hash });
      // A truncation record that does not match what was signed is reported, not trusted.
      const db = await s.archive.db();
      await db.query("UPDATE ledger_truncations SET hash = $1 WHERE tenant_id = 'acme'", ['0'.repeat(64)]);
      const broken = (await verify()) as { valid: boolean; first_broken: { problem: string } };
      expect(broken.valid).to.equal(false);
      expect(broken.first_broken.problem).to.match(/truncation checkpoint .* does not verify/);
      await db.query("UPDATE ledger_truncations SET hash = $1 WHERE tenant_id = 'acme'", [history.events[11]!.hash]);
      expect(await verify()).to.deep.include({ valid: true, count: 36 });

      // The operator's command walks the same chain: from the truncation checkpoint, archive then Redis.
      const env = { ...process.env, REDIS_URL: h.config.redisUrl, KEY_PREFIX: h.config.keyPrefix, PARTITIONS: String(h.config.partitions), DATABASE_URL: h.config.databaseUrl!,
        JWT_ISSUER: h.config.jwtIssuer, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
      const ops = await new Promise<{ code: number; stdout: string }>((done) => {
        execFile(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', 'audit', 'verify', 'acme', '--json'], { cwd: join(__dirname, '..', '..'), env, timeout: 25000 },
          (error, stdout) => done({ code: error ? Number(error.code ?? -1) : 0, stdout }));
      });
      expect(ops.code, ops.stdout).to.equal(0);
      expect(JSON.parse(ops.stdout)).to.deep.include({ valid: true, count: 36, head_hash: history.events[35]!.hash });
    });
  });

    describe('pages across the boundary (property)', () => {
    let runs = 0;

    it('reads every event and every workflow once, in order, wherever the archive point falls, when it moves between pages, and over copies not yet trimmed', async () => {
      const s = h.services;
      await fc.assert(fc.asyncProperty(
        fc.record({
          workflows: fc.integer({ min: 1, max: 14 }),
          eventsPer: fc.integer({ min: 1, max: 4 }),
          // One event an entry (older forms), or runs whose entries span workflows, so that an
          // archive point falls inside an entry (the archiver then stops at the entry before it).
          eventsPerEntry: fc.constantFrom(undefined, 2, 5, 16),
          first: fc.nat(), second: fc.nat(), copiedAhead: fc.nat(),
          pageSize: fc.integer({ min: 1, max: 9 }),
          movesAfterPage: fc.integer({ min: 0, max: 4 }),
          eventFilter: fc.constantFrom('none', 'type', 'stage', 'workflow', 'time'),
          workflowFilter: fc.constantFrom('none', 'status', 'claim', 'type'),
        }),
        async (p) => {
          const tenantId = `prop${runs++}`;
          const history = await writeHistory(s, tenantId, { workflows: p.workflows, eventsPer: p.eventsPer, t0, step, eventsPerEntry: p.eventsPerEntry });
          const k1 = p.first % (p.workflows + 1);
          const k2 = k1 + (p.second % (p.workflows - k1 + 1));
          await archiveFirst(tenantId, k1);
          // An archiver that died between its copy and its trim: the next workflows and their events
          // are in the archive and still in Redis. Reads take each once.
          const ahead = k1 + (p.copiedAhead % (p.workflows - k1 + 1));
          const aheadIds = new Set(history.workflowIds.slice(k1, ahead));
          const hotEntries = (await s.redis.xrange(s.keys.ledger(tenantId), '-', '+')) as [string, string[]][];
          await s.archive.putEvents(tenantId, hotEntries.flatMap(([id, f]) => readLedgerEntry(id, f)).map(({ sid, event }) => ({ ...event, sid }))
            .filter((e) => aheadIds.has(e.workflow_id)));
          await s.archive.putWorkflows(tenantId, await Promise.all([...aheadIds].map((id) => s.redis.hgetall(s.keys.workflow(s.keys.partitionOfWorkflow(id)!, id)))), t0);

          const w = history.workflowIds[Math.floor(p.workflows / 2)]!;
          const eventQuery: Omit<LedgerQuery, 'limit'> = p.eventFilter === 'type' ? { type: 'workflow.finished' }
            : p.eventFilter === 'stage' ? { stage: 'consent' }
              : p.eventFilter === 'workflow' ? { workflow: { id: w, eventIds: new Set<string>() } }
                : p.eventFilter === 'time' ? { from: history.startOf(1), to: history.startOf(Math.max(2, p.workflows - 1)) } : {};
          const matches = (e: LedgerEvent) => (!eventQuery.type || e.type === eventQuery.type) && (!eventQuery.stage || e.stage === eventQuery.stage)
            && (!eventQuery.workflow || e.workflow_id === eventQuery.workflow.id)
            && (eventQuery.from === undefined || e.at >= eventQuery.from) && (eventQuery.to === undefined || e.at < eventQuery.to);
          const expectedEvents = history.events.filter(matches).map((e) => e.n);

          const seenEvents: number[] = [];
          let after: string | undefined;
          for (let page = 0; ; page++) {
            if (page === p.movesAfterPage) await archiveFirst(tenantId, k2);
            const got = await s.ledger.read(tenantId, { ...eventQuery, limit: p.pageSize, after });
            expect(got.events.length).to.be.at.most(p.pageSize);
            seenEvents.push(...got.events.map((e) => e.n));
            if (!got.next) break;
            after = got.next;
          }
          expect(seenEvents, `events, archived to ${k1} then ${k2}`).to.deep.equal(expectedEvents);
          // Redis holds exactly the events after the archive marker: the trim took whole entries.
          const hot = ((await s.redis.xrange(s.keys.ledger(tenantId), '-', '+')) as [string, string[]][]).flatMap(([id, f]) => readLedgerEntry(id, f));
          const marker = Number((await s.redis.hget(s.keys.archived(tenantId), 'ledger_n')) ?? 0);
          expect(hot.map((e) => e.event.n), 'in Redis').to.deep.equal(history.events.filter((e) => e.n > marker).map((e) => e.n));
          // Verification's walk: every event once, in order, across the archive and Redis.
          const walked: number[] = [];
          for await (const page of s.ledger.pages(tenantId, p.pageSize)) walked.push(...page.map((e) => e.n));
          expect(walked, 'walked').to.deep.equal(history.events.map((e) => e.n));

          const filter: ListFilter = p.workflowFilter === 'status' ? { status: 'completed' } : p.workflowFilter === 'claim' ? { claimIdHash: `${'0'.repeat(63)}1` }
            : p.workflowFilter === 'type' ? { workflowType: 'pending-documents' } : {};
          const all = (await Promise.all(history.workflowIds.map((id) => s.workflows.get(tenantId, id)))) as WorkflowResource[];
          const expectedWorkflows = all.filter((x) => (!filter.status || x.status === filter.status) && (!filter.claimIdHash || x.claim_id_hash === `sha256:${filter.claimIdHash}`)
            && (!filter.workflowType || x.workflow_type === filter.workflowType)).reverse().map((x) => x.workflow_id);
          const seenWorkflows: string[] = [];
          let cursor = null;
          do {
            const got = await s.workflows.list(tenantId, filter, p.pageSize, cursor);
            seenWorkflows.push(...got.items.map((x) => x.workflow_id));
            cursor = got.next;
          } while (cursor);
          expect(seenWorkflows, `workflows, archived to ${k2}`).to.deep.equal(expectedWorkflows);
        },
      ), { numRuns: 50 });
    });
  });

  describe('embedded PGlite', () => {
    it('runs the same migrations and queries, and keeps its data across a reopen', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cw-pglite-'));
      const log = createLogger('silent');
      try {
        const store = new ArchiveStore({ databaseUrl: null, embeddedDir: dir, log });
        const record = { workflow_id: 'wf-0-00000000000000000001', tenant_id: 'acme', status: 'completed', started_at: '1000', updated_at: '1005', completed_at: '1005' };
        await store.putWorkflows('acme', [record, record], 2000);
        expect([...(await store.confirmWorkflows('acme', [record.workflow_id, 'wf-0-00000000000000000002']))]).to.deep.equal([[record.workflow_id, '1005']]);
        expect(await store.listWorkflows('acme', { status: 'completed' }, 10, null)).to.deep.equal([record]);
        // A record that moved on after its copy: the newer copy replaces the archived one, an older never does.
        const resumed = { ...record, status: 'cancelled', updated_at: '1009', completed_at: '1009' };
        await store.putWorkflows('acme', [resumed], 3000);
        await store.putWorkflows('acme', [record], 4000);
        expect(await store.workflow('acme', record.workflow_id)).to.deep.equal(resumed);
        await store.putWorkflows('acme', [record], 5000);
        await store.close();
        const again = new ArchiveStore({ databaseUrl: null, embeddedDir: dir, log });
        expect(await again.workflow('acme', record.workflow_id)).to.deep.equal(resumed);
        expect(await again.workflow('other', record.workflow_id)).to.equal(null);
        await again.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
