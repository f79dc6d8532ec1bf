/**
 * appendLedger-2.lua, changeMode-3.lua and releaseHeld-3.lua against a real Redis, called the way
 * the service calls them: AuditLedger.moveOnce (the scheduler's mover), OperationalModes.change
 * and OperationalModes.release; their typed wrappers (runAppendLedger, runChangeMode,
 * runReleaseHeld) for the compare-and-set refusal and the batch limit.
 */
import { expect } from 'chai';
import { eventHash, genesisHash, readLedgerEntry, type LedgerEvent } from '../../src/audit/audit-chain';
import { packAuditEvent, packedAuditField } from '../../src/audit/audit-stream-entry';
import { runAppendLedger, runChangeMode, runRecordErasure, runReleaseHeld } from '../../src/redis/scripts';
import { scriptServicesPerSuite, streamRecords } from '../helpers/script-services';

const tenant = 'acme';

describe('ledger and mode Lua scripts against Redis (appendLedger-2.lua, changeMode-3.lua, releaseHeld-3.lua)', function () {
  this.timeout(20000);
  const s = scriptServicesPerSuite();

  const k = () => {
    const { keys } = s.services;
    return { ledger: keys.ledger(tenant), head: keys.ledgerHead(tenant), mode: keys.operationalMode(tenant) };
  };
  const ledger = async (): Promise<LedgerEvent[]> =>
    ((await s.services.redis.xrange(k().ledger, '-', '+')) as [string, string[]][]).flatMap(([id, fields]) => readLedgerEntry(id, fields).map((e) => e.event));
  /** Every event's hash is its own, and links to the one before. */
  const expectChained = (events: LedgerEvent[]) => {
    let prev = genesisHash;
    events.forEach((e, i) => {
      expect(e.n).to.equal(i + 1);
      expect(e.prev_hash).to.equal(prev);
      const { hash, ...rest } = e;
      expect(hash).to.equal(eventHash(rest));
      prev = hash;
    });
  };

  describe('appendLedger-2.lua', () => {
    it('moves a partition\'s audit events into the tenant\'s ledger, chained, with the head and the partition cursor', async () => {
      const { keys, redis } = s.services;
      const audit = keys.audit(2);
      const first = await redis.xadd(audit, '*', 'tenant', tenant, 'workflow_id', 'wf-2-a', 'stage', 'truth', 'type', 'reply.sent', 'seq', '1', 'at', '1000', 'detail', '{}');
      const second = await redis.xadd(audit, '*', 'tenant', tenant, 'workflow_id', 'wf-2-a', 'stage', 'timer', 'type', 'documents.timed_out', 'seq', '2', 'at', '2000',
        'detail', '{"missing":1}', 'transition', '{"from":"awaiting_documents","to":"timed_out"}');
      expect(await s.services.ledger.moveOnce()).to.equal(2);
      const events = await ledger();
      expect(events.map((e) => [e.event_id, e.type, e.at, e.detail, e.transition])).to.deep.equal([
        [`ae-2-${first}`, 'reply.sent', 1000, '{}', ''],
        [`ae-2-${second}`, 'documents.timed_out', 2000, '{"missing":1}', '{"from":"awaiting_documents","to":"timed_out"}'],
      ]);
      expectChained(events);
      expect(await redis.hgetall(k().head)).to.deep.equal({ hash: events[1]!.hash, count: '2', p2: second });
      expect(await redis.xlen(audit)).to.equal(0);
    });

    it('moves an older writer\'s seven-field entries and packed ones (a rolling deploy) into one chain: the same ledger entry from either form', async () => {
      const { keys, redis } = s.services;
      const audit = keys.audit(2);
      const transition = JSON.stringify({ workflow_id: 'wf-2-a', from: 'started', to: 'completed', seq: 2, workflow_type: 'claim-status', claim_id_hash: 'sha256:c1' });
      // The same event as an older writer wrote it (its own fields), then as the scripts write it now (one packed field).
      const old = await redis.xadd(audit, '*', 'tenant', tenant, 'workflow_id', 'wf-2-a', 'stage', 'policy', 'type', 'reply.sent', 'seq', '1', 'at', '1000',
        'detail', '{"kind":"text"}', 'transition', transition);
      const packed = await redis.xadd(audit, '*', ...packAuditEvent({ tenant, workflow_id: 'wf-2-a', stage: 'policy', type: 'reply.sent', seq: '1', at: '1000',
        transition, detail: '{"kind":"text"}' }));
      // Only the detail, last, may hold a newline; an older entry without a transition.
      const multiline = await redis.xadd(audit, '*', ...packAuditEvent({ tenant, workflow_id: 'wf-2-b', stage: 'truth', type: 'note', seq: '0', at: '1500',
        transition: '', detail: 'line one\nline two' }));
      const oldPlain = await redis.xadd(audit, '*', 'tenant', tenant, 'workflow_id', 'wf-2-b', 'stage', 'truth', 'type', 'note', 'seq', '1', 'at', '1600', 'detail', '{}');
      // And one written by a script (recordErasure-2.lua, through audit-append.lua's xaddAudit).
      expect(await runRecordErasure(redis, keys, { partition: 2, tenantId: tenant, jobKey: keys.erasureJob(2, tenant, 'ref'), detail: { workflows: 0 }, now: 3000 })).to.equal(true);
      const [, , , , [scripted, scriptedFields]] = (await redis.xrange(audit, '-', '+')) as [string, string[]][];
      expect(scriptedFields).to.deep.equal([packedAuditField, [tenant, '', 'erasure', 'claimant.erased', '0', '3000', '', '{"workflows":0}'].join('\n')]);

      expect(await s.services.ledger.moveOnce()).to.equal(5);
      const events = await ledger();
      expectChained(events);
      const unclaimed = JSON.stringify({ workflow_id: 'wf-2-a', from: 'started', to: 'completed', seq: 2, workflow_type: 'claim-status' });
      expect(events.map((e) => [e.event_id, e.tenant_id, e.workflow_id, e.stage, e.type, e.at, e.detail, e.transition])).to.deep.equal([
        [`ae-2-${old}`, tenant, 'wf-2-a', 'policy', 'reply.sent', 1000, '{"kind":"text"}', unclaimed],
        [`ae-2-${packed}`, tenant, 'wf-2-a', 'policy', 'reply.sent', 1000, '{"kind":"text"}', unclaimed],
        [`ae-2-${multiline}`, tenant, 'wf-2-b', 'truth', 'note', 1500, 'line one\nline two', ''],
        [`ae-2-${oldPlain}`, tenant, 'wf-2-b', 'truth', 'note', 1600, '{}', ''],
        [`ae-2-${scripted}`, tenant, '', 'erasure', 'claimant.erased', 3000, '{"workflows":0}', ''],
      ]);
      // The claim hash, out of the chained transition, kept beside it for both forms.
      expect(await redis.hgetall(keys.ledgerClaims(tenant))).to.deep.equal({ [`ae-2-${old}`]: 'sha256:c1', [`ae-2-${packed}`]: 'sha256:c1' });
      expect(await redis.xlen(audit)).to.equal(0);
    });

    it('moves an entry of several events (a hand-off\'s) under each event\'s id; one of its tenants not appended keeps it, and the rest are not appended twice', async () => {
      const { keys, redis } = s.services;
      const audit = keys.audit(2);
      const ev = (t: string, wf: string, type: string) => packAuditEvent({ tenant: t, workflow_id: wf, stage: 'gateway', type, seq: '0', at: '1000', transition: '', detail: '{}' });
      const entry = await redis.xadd(audit, '*', ...ev(tenant, 'wf-2-a', 'one'), ...ev('beta', 'wf-2-b', 'two'), ...ev(tenant, 'wf-2-c', 'three'));
      const [ms, seq] = entry!.split('-').map(Number) as [number, number];
      // beta's ledger head cannot be read (a wrong type): its append fails this pass.
      await redis.set(keys.ledgerHead('beta'), 'not a hash');
      expect(await s.services.ledger.moveOnce()).to.equal(2);
      expect((await ledger()).map((e) => [e.event_id, e.workflow_id, e.type])).to.deep.equal([
        [`ae-2-${ms}-${seq}`, 'wf-2-a', 'one'], [`ae-2-${ms}-${seq + 2}`, 'wf-2-c', 'three'],
      ]);
      expect(await redis.xlen(audit), 'kept for beta').to.equal(1);
      await redis.del(keys.ledgerHead('beta'));
      expect(await s.services.ledger.moveOnce()).to.equal(1);
      expect((await ledger()).map((e) => e.event_id), 'acme\'s not again').to.deep.equal([`ae-2-${ms}-${seq}`, `ae-2-${ms}-${seq + 2}`]);
      const beta = ((await redis.xrange(keys.ledger('beta'), '-', '+')) as [string, string[]][]).flatMap(([id, f]) => readLedgerEntry(id, f).map((e) => e.event));
      expect(beta.map((e) => [e.event_id, e.workflow_id, e.type])).to.deep.equal([[`ae-2-${ms}-${seq + 1}`, 'wf-2-b', 'two']]);
      expect(await redis.hget(k().head, 'p2')).to.equal(`${ms}-${seq + 2}`);
      expect(await redis.xlen(audit)).to.equal(0);
    });

    it('refuses an append computed from a head that moved (conflict), writing nothing', async () => {
      const { redis, keys } = s.services;
      const events = [['n', '1', 'type', 'x']];
      const append = (partition: number, expectedHead: string, cursor: string, newHead: string, count: number) =>
        runAppendLedger(redis, keys, tenant, partition, { expectedHead, cursor, newHead, count, events, eventsPerEntry: 1 });
      expect(await append(0, '', '1-1', 'h1', 1)).to.deep.equal({ kind: 'ok' });
      expect(await redis.hgetall(k().head)).to.deep.equal({ hash: 'h1', count: '1', p0: '1-1' });
      expect(await append(0, '', '2-1', 'h2', 2)).to.deep.equal({ kind: 'conflict' });
      expect(await append(1, 'h0', '2-1', 'h2', 2)).to.deep.equal({ kind: 'conflict' });
      expect(await redis.xlen(k().ledger)).to.equal(1);
      expect(await redis.hgetall(k().head)).to.deep.equal({ hash: 'h1', count: '1', p0: '1-1' });
    });
  });

  describe('changeMode-3.lua', () => {
    it('sets the mode and appends operational_mode.changed to the ledger in one step, chained after what is there', async () => {
      await s.services.modes.change(tenant, 'RESTRICTED', 'fraud review', 'ops-1', 5000);
      const { from, state } = await s.services.modes.change(tenant, 'SUSPENDED', 'unpaid', 'ops-2', 6000);
      expect(from).to.equal('RESTRICTED');
      expect(state).to.deep.equal({ mode: 'SUSPENDED', reason: 'unpaid', changed_at: new Date(6000).toISOString(), changed_by: 'ops-2' });
      expect(await s.services.redis.hgetall(k().mode)).to.deep.equal({ mode: 'SUSPENDED', reason: 'unpaid', changed_at: '6000', changed_by: 'ops-2' });
      const events = await ledger();
      expectChained(events);
      expect(events.map((e) => [e.type, e.stage, e.at, JSON.parse(e.detail)])).to.deep.equal([
        ['operational_mode.changed', 'control', 5000, { from: 'OPERATIONAL', to: 'RESTRICTED', reason: 'fraud review', by: 'ops-1' }],
        ['operational_mode.changed', 'control', 6000, { from: 'RESTRICTED', to: 'SUSPENDED', reason: 'unpaid', by: 'ops-2' }],
      ]);
      expect(await s.services.redis.hgetall(k().head)).to.deep.equal({ hash: events[1]!.hash, count: '2' });
    });

    it('refuses a change computed from a head that moved (conflict): neither the mode nor the ledger changes', async () => {
      await s.services.modes.change(tenant, 'RESTRICTED', 'review', 'ops-1', 5000);
      const head = await s.services.redis.hgetall(k().head);
      const result = await runChangeMode(s.services.redis, s.services.keys, tenant, {
        expectedHead: '', newHead: 'stale-hash', count: 1, event: ['n', '1', 'type', 'operational_mode.changed'],
        mode: { mode: 'SUSPENDED', reason: 'x', changedAt: 6000, changedBy: 'ops-2' },
      });
      expect(result).to.deep.equal({ kind: 'conflict' });
      expect(await s.services.redis.hget(k().mode, 'mode')).to.equal('RESTRICTED');
      expect(await s.services.redis.xlen(k().ledger)).to.equal(1);
      expect(await s.services.redis.hgetall(k().head)).to.deep.equal(head);
    });
  });

  describe('releaseHeld-3.lua', () => {
    const key = (p: number) => ({ held: s.services.keys.heldReplies(p, tenant), outbound: s.services.keys.stream(p, 'outbound'), tenants: s.services.keys.heldTenants(p) });
    const reply = (n: number) => ['wf', `wf-0-r${n}`, 'tenant', tenant, 'seq', String(n), 'attempt', '0', 'payload', `{"n":${n}}`];

    it('puts held replies back on the outbound stream in order, and forgets them and the tenant', async () => {
      const { redis } = s.services;
      for (const n of [1, 2, 3]) await redis.xadd(key(0).held, '*', ...reply(n));
      await redis.xadd(key(3).held, '*', ...reply(4));
      await redis.sadd(key(0).tenants, tenant, 'other');
      await redis.sadd(key(3).tenants, tenant);
      expect(await s.services.modes.release(tenant)).to.equal(4);
      expect((await streamRecords(redis, key(0).outbound)).map((e) => Object.entries(e.f).flat())).to.deep.equal([reply(1), reply(2), reply(3)]);
      expect((await streamRecords(redis, key(3).outbound)).map((e) => Object.entries(e.f).flat())).to.deep.equal([reply(4)]);
      expect(await redis.exists(key(0).held, key(3).held)).to.equal(0);
      expect(await redis.smembers(key(0).tenants)).to.deep.equal(['other']);
      expect(await redis.exists(key(3).tenants)).to.equal(0);
    });

    it('releases at most the batch and keeps the tenant listed while replies remain; with nothing held it only unlists', async () => {
      const { redis } = s.services;
      for (const n of [1, 2, 3]) await redis.xadd(key(0).held, '*', ...reply(n));
      await redis.sadd(key(0).tenants, tenant);
      expect(await runReleaseHeld(redis, s.services.keys, 0, tenant, 2)).to.equal(2);
      expect(await redis.xlen(key(0).held)).to.equal(1);
      expect(await redis.sismember(key(0).tenants, tenant)).to.equal(1);
      expect(await runReleaseHeld(redis, s.services.keys, 0, tenant, 2)).to.equal(1);
      expect(await redis.sismember(key(0).tenants, tenant)).to.equal(0);
      expect(await redis.xlen(key(0).outbound)).to.equal(3);

      await redis.sadd(key(1).tenants, tenant);
      expect(await runReleaseHeld(redis, s.services.keys, 1, tenant, 2)).to.equal(0);
      expect(await redis.exists(key(1).tenants, key(1).outbound)).to.equal(0);
    });

    it('is not run while the tenant is SUSPENDED, and runs when the mode allows replies again', async () => {
      const { redis } = s.services;
      await redis.xadd(key(0).held, '*', ...reply(1));
      await redis.sadd(key(0).tenants, tenant);
      await s.services.modes.change(tenant, 'SUSPENDED', 'unpaid', 'ops', 1000);
      expect(await s.services.modes.releaseAllowed()).to.equal(0);
      expect(await redis.xlen(key(0).held)).to.equal(1);
      await s.services.modes.change(tenant, 'RESTRICTED', 'paid, under review', 'ops', 2000);
      expect(await redis.xlen(key(0).held)).to.equal(0);
      expect(await redis.xlen(key(0).outbound)).to.equal(1);
    });
  });
});
