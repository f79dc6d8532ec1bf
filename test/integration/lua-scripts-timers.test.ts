/**
 * fireWorkflowTimers.lua and releaseRestricted.lua against a real Redis, called the way the
 * service calls them: the scheduler's fire step (Scheduler.fireDue) with a hand-moved clock, and
 * OperationalModes (change to OPERATIONAL, releaseRestricted). Their typed wrappers
 * (runFireWorkflowTimers, runReleaseRestricted) where the { fired, paused, dropped } answer or a
 * batch limit is what is checked. A workflow is put at its wait the way handoff.lua's pd_await
 * leaves it.
 */
import { expect } from 'chai';
import type { WorkflowPayload } from '../../pipeline/types';
import { runFireWorkflowTimers, runReleaseRestricted } from '../../src/redis/scripts';
import { auditRecords, hour, startScriptServices, streamRecords, type ScriptServices } from '../helpers/script-services';

const tenant = 'acme';

describe('workflow timer Lua scripts against Redis (fireWorkflowTimers.lua, releaseRestricted.lua)', function () {
  this.timeout(20000);
  let s: ScriptServices;
  const p = 1;
  before(async () => { s = await startScriptServices(); });
  beforeEach(async () => { await s.wipe(); });
  after(async () => { await s?.close(); });

  const k = () => {
    const { keys } = s.services;
    return {
      timers: keys.workflowTimers(p), audit: keys.audit(p), truth: keys.stream(p, 'truth'), router: keys.stream(p, 'router'),
      knowledge: keys.stream(p, 'knowledge'), restricted: keys.restrictedTenants(p), paused: keys.pausedTimers(p, tenant),
      held: keys.heldWork(p, tenant), wf: (id: string) => keys.workflow(p, id),
    };
  };

  /** A waiting workflow: generation 1, reminder 1 due in the set, reminder 2 in pd_rdue, a 72 h deadline. */
  async function waiting(t0: number): Promise<{ id: string; deadline: number }> {
    const id = s.services.keys.newWorkflowId(p);
    const deadline = t0 + 72 * hour;
    await s.services.redis.hset(k().wf(id), 'workflow_id', id, 'tenant_id', tenant, 'workflow_type', 'pending-documents', 'claim_id_hash', 'sha256:c1',
      'status', 'awaiting_documents', 'seq', 3, 'audit', '', 'pd_gen', 1, 'pd_next', 'r|1', 'pd_rdue', `2:${t0 + 48 * hour}`, 'deadline_at', deadline,
      'next_reminder_at', t0 + 24 * hour, 'reminders_sent', 0,
      'pd_pending', JSON.stringify([{ code: 'FINAL_BILL', name: 'Final bill' }, { code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }]),
      'pd_received', JSON.stringify({ FINAL_BILL: 'media-1' }),
      'pd_payload', JSON.stringify({ channel: 'whatsapp', from: '+919800000001', text: '', pdStep: 'await', claimId: 'CLM-1' }));
    await s.services.redis.zadd(k().timers, t0 + 24 * hour, `pd|${tenant}|${id}|1|r|1`);
    return { id, deadline };
  }

  /** The script as the scheduler calls it, for one due member of a workflow of `tenant` (not RESTRICTED). */
  const fireOne = (now: number, member: string, workflowId: string) =>
    runFireWorkflowTimers(s.services.redis, s.services.keys, p, now, [{ member, workflowId, tenantId: tenant, restricted: false }], 'packed');

  describe('fireWorkflowTimers.lua', () => {
    it('fires each reminder once (a truth entry, the next timer armed), then the deadline ends the wait', async () => {
      const t0 = s.clock.now();
      const { id, deadline } = await waiting(t0);
      const key = k();
      s.clock.set(t0 + 24 * hour - 1);
      expect(await s.scheduler.fireDue()).to.equal(0);

      s.clock.set(t0 + 24 * hour);
      expect(await s.scheduler.fireDue()).to.equal(1);
      expect(await s.scheduler.fireDue()).to.equal(0);
      let truth = await streamRecords(s.services.redis, key.truth);
      expect(truth).to.have.length(1);
      expect(truth[0]!.f).to.include({ wf: id, tenant, seq: '3', attempt: '0' });
      expect(JSON.parse(truth[0]!.f.payload!)).to.deep.include({ pdStep: 'reminder', reminder: 1, claimId: 'CLM-1' });
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal([`pd|${tenant}|${id}|1|r|2`, String(t0 + 48 * hour)]);
      expect(await s.services.redis.hgetall(key.wf(id))).to.include({ pd_next: 'r|2', pd_rdue: '', next_reminder_at: String(t0 + 48 * hour), status: 'awaiting_documents' });

      s.clock.set(t0 + 48 * hour);
      expect(await s.scheduler.fireDue()).to.equal(1);
      truth = await streamRecords(s.services.redis, key.truth);
      expect((JSON.parse(truth[1]!.f.payload!) as WorkflowPayload).reminder).to.equal(2);
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal([`pd|${tenant}|${id}|1|t|0`, String(deadline)]);
      expect(await s.services.redis.hgetall(key.wf(id))).to.include({ pd_next: 't|0', next_reminder_at: '' });
      expect(await s.services.redis.xlen(key.audit)).to.equal(0);

      s.clock.set(deadline);
      expect(await s.scheduler.fireDue()).to.equal(1);
      expect(await s.services.redis.zcard(key.timers)).to.equal(0);
      expect(await s.services.redis.xlen(key.truth)).to.equal(2);
      const record = await s.services.redis.hgetall(key.wf(id));
      expect(record).to.include({ status: 'timed_out', outcome: 'timed_out', seq: '4', pd_gen: '2', pd_next: '', pd_rdue: '', next_reminder_at: '', updated_at: String(deadline) });
      const audit = await auditRecords(s.services.redis, key.audit);
      expect(audit.map((e) => e.f.type)).to.deep.equal(['documents.timed_out', 'documents.escalated']);
      expect(audit[0]!.f).to.include({ tenant, workflow_id: id, stage: 'timer', seq: '4', at: String(deadline) });
      expect(JSON.parse(audit[0]!.f.detail!)).to.deep.equal({ missing: 1, received: 1 });
      expect(JSON.parse(audit[0]!.f.transition!)).to.deep.equal({ workflow_id: id, from: 'awaiting_documents', to: 'timed_out', seq: 4,
        workflow_type: 'pending-documents', claim_id_hash: 'sha256:c1' });
      expect(JSON.parse(audit[1]!.f.detail!)).to.deep.equal({ pending_docs_workflow_id: id, missing: 1, received: 1, reason: 'deadline' });
      expect(audit[1]!.f.transition).to.equal('');
      expect(record.audit).to.equal(audit.map((e) => `ae-${p}-${e.id}`).join(','));
    });

    it('drops a timer of an old generation, of a workflow no longer waiting, or unparsable; and fires a timer only once', async () => {
      const t0 = s.clock.now();
      const key = k();
      const { id } = await waiting(t0);
      const due = t0 + 24 * hour;
      const member = `pd|${tenant}|${id}|1|r|1`;

      await s.services.redis.hset(key.wf(id), 'pd_gen', 2);
      expect(await fireOne(due, member, id)).to.deep.equal({ fired: 0, paused: 0, dropped: 1 });
      expect(await s.services.redis.zcard(key.timers)).to.equal(0);

      await s.services.redis.hset(key.wf(id), 'pd_gen', 1, 'status', 'completed');
      await s.services.redis.zadd(key.timers, due, member);
      expect(await fireOne(due, member, id)).to.deep.equal({ fired: 0, paused: 0, dropped: 1 });

      await s.services.redis.zadd(key.timers, due, 'pd|garbage');
      s.clock.set(due);
      expect(await s.scheduler.fireDue()).to.equal(0);
      expect(await s.services.redis.zcard(key.timers)).to.equal(0);
      expect(await s.services.redis.xlen(key.truth)).to.equal(0);
      expect(await s.services.redis.xlen(key.audit)).to.equal(0);
      expect(await s.services.redis.hget(key.wf(id), 'status')).to.equal('completed');

      await s.services.redis.hset(key.wf(id), 'status', 'awaiting_documents');
      await s.services.redis.zadd(key.timers, due, member);
      expect(await fireOne(due, member, id)).to.deep.equal({ fired: 1, paused: 0, dropped: 0 });
      // The member the second scheduler read is gone: it fires nothing.
      await s.services.redis.zrem(key.timers, `pd|${tenant}|${id}|1|r|2`);
      expect(await fireOne(due, member, id)).to.deep.equal({ fired: 0, paused: 0, dropped: 0 });
      expect(await s.services.redis.xlen(key.truth)).to.equal(1);
    });

    it('pauses the due timers of a RESTRICTED tenant; they come back with their due times when it is OPERATIONAL, and fire', async () => {
      const t0 = s.clock.now();
      const key = k();
      const { id } = await waiting(t0);
      const member = `pd|${tenant}|${id}|1|r|1`;
      await s.services.modes.change(tenant, 'RESTRICTED', 'test', 'ops', t0);
      s.clock.set(t0 + 24 * hour);
      expect(await s.scheduler.fireDue()).to.equal(0);
      expect(await s.services.redis.zcard(key.timers)).to.equal(0);
      expect(await s.services.redis.zrange(key.paused, 0, -1, 'WITHSCORES')).to.deep.equal([member, String(t0 + 24 * hour)]);
      expect(await s.services.redis.smembers(key.restricted)).to.deep.equal([tenant]);
      expect(await s.services.redis.xlen(key.truth)).to.equal(0);
      expect(await s.services.redis.hget(key.wf(id), 'pd_next')).to.equal('r|1');

      await s.services.modes.change(tenant, 'OPERATIONAL', 'test', 'ops', t0 + 25 * hour);
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal([member, String(t0 + 24 * hour)]);
      expect(await s.services.redis.exists(key.paused)).to.equal(0);
      expect(await s.services.redis.smembers(key.restricted)).to.deep.equal([]);
      s.clock.set(t0 + 25 * hour);
      expect(await s.scheduler.fireDue()).to.equal(1);
      expect(await s.services.redis.xlen(key.truth)).to.equal(1);
    });
  });

  describe('releaseRestricted.lua', () => {
    const heldEntry = (stage: string | null, n: number) => ['wf', `wf-${p}-held${n}`, 'tenant', tenant, 'seq', String(n), 'attempt', '0', 'payload', `{"n":${n}}`,
      ...(stage ? ['held_stage', stage] : [])];

    it('puts held work back on the stages it was held at, in order, and paused timers back with their due times', async () => {
      const key = k();
      await s.services.redis.xadd(key.held, '*', ...heldEntry('truth', 1));
      await s.services.redis.xadd(key.held, '*', ...heldEntry('router', 2));
      await s.services.redis.xadd(key.held, '*', ...heldEntry('truth', 3));
      await s.services.redis.zadd(key.paused, 5000, 'pd|acme|a|1|r|1', 6000, 'pd|acme|b|1|t|0');
      await s.services.redis.sadd(key.restricted, tenant, 'other');
      expect(await s.services.modes.releaseRestricted(tenant)).to.equal(5);
      const strip = (entry: string[]) => entry.slice(0, 10);
      expect((await streamRecords(s.services.redis, key.truth)).map((e) => Object.entries(e.f).flat())).to.deep.equal([strip(heldEntry('truth', 1)), strip(heldEntry('truth', 3))]);
      expect((await streamRecords(s.services.redis, key.router)).map((e) => Object.entries(e.f).flat())).to.deep.equal([strip(heldEntry('router', 2))]);
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal(['pd|acme|a|1|r|1', '5000', 'pd|acme|b|1|t|0', '6000']);
      expect(await s.services.redis.exists(key.held, key.paused)).to.equal(0);
      expect(await s.services.redis.smembers(key.restricted)).to.deep.equal(['other']);
    });

    it('releases at most the batch, keeping the tenant listed while work remains', async () => {
      const key = k();
      await s.services.redis.xadd(key.held, '*', ...heldEntry('truth', 1));
      await s.services.redis.xadd(key.held, '*', ...heldEntry('knowledge', 2));
      await s.services.redis.sadd(key.restricted, tenant);
      const release = () => runReleaseRestricted(s.services.redis, s.services.keys, p, tenant, 1);
      expect(await release()).to.deep.equal({ entries: 1, timers: 0 });
      expect(await s.services.redis.xlen(key.held)).to.equal(1);
      expect(await s.services.redis.sismember(key.restricted, tenant)).to.equal(1);
      expect(await release()).to.deep.equal({ entries: 1, timers: 0 });
      expect(await s.services.redis.xlen(key.knowledge)).to.equal(1);
      expect(await s.services.redis.exists(key.held)).to.equal(0);
      expect(await s.services.redis.sismember(key.restricted, tenant)).to.equal(0);
    });

    it('refuses a held entry that names no known stage, and leaves it, the paused timers and the tenant in place', async () => {
      const key = k();
      for (const bad of [heldEntry('outbound', 1), heldEntry(null, 2)]) {
        await s.wipe();
        await s.services.redis.xadd(key.held, '*', ...bad);
        await s.services.redis.zadd(key.paused, 5000, 'pd|acme|a|1|r|1');
        await s.services.redis.sadd(key.restricted, tenant);
        await s.services.modes.releaseRestricted(tenant).then(
          () => { throw new Error('expected an error reply'); },
          (err: Error) => expect(err.message).to.match(/names no known stage/),
        );
        expect(await s.services.redis.xlen(key.held)).to.equal(1);
        expect(await s.services.redis.zcard(key.paused)).to.equal(1);
        expect(await s.services.redis.zcard(key.timers)).to.equal(0);
        expect(await s.services.redis.sismember(key.restricted, tenant)).to.equal(1);
        for (const stream of [key.router, key.truth, key.knowledge]) expect(await s.services.redis.exists(stream)).to.equal(0);
      }
    });
  });
});
