/**
 * fireWorkflowTimers.lua and releaseRestricted.lua against a real Redis, called the way the
 * service calls them: the scheduler's fire step (Scheduler.fireDue) with a hand-moved clock, and
 * OperationalModes (change to OPERATIONAL, releaseRestricted). Their typed wrappers
 * (runFireWorkflowTimers, runReleaseRestricted) where the { fired, paused, dropped } answer or a
 * batch limit is what is checked. A workflow is put at its wait the way handoff.lua's `wait`
 * leaves it; the deadline's step is decided by the truth stage and handed off (runHandoff).
 */
import { expect } from 'chai';
import type { WorkflowPayload } from '../../pipeline/types';
import { truth } from '../../pipeline/stages/truth';
import { transitions } from '../../pipeline/workflows/transitions';
import { runFireWorkflowTimers, runHandoff, runReleaseRestricted } from '../../src/redis/scripts';
import { parseWaitTimer, waitTimerMember } from '../../src/redis/wait-timers';
import { decodeEnvelope } from '../../src/runtime/envelope-codec';
import { buildHandoff, type Outcome } from '../../src/runtime/handoff-ops';
import { auditRecords, hour, scriptServicesPerSuite, streamRecords } from '../helpers/script-services';

const tenant = 'acme';
const allowedTransitions = JSON.stringify(Object.fromEntries(
  Object.entries(transitions).map(([from, tos]) => [from, Object.fromEntries(tos.map((to) => [to, true]))]),
));

describe('workflow timer Lua scripts against Redis (fireWorkflowTimers.lua, releaseRestricted.lua)', function () {
  this.timeout(20000);
  const p = 1;
  const s = scriptServicesPerSuite();

  const k = () => {
    const { keys } = s.services;
    return {
      timers: keys.workflowTimers(p), audit: keys.audit(p), truth: keys.stream(p, 'truth'), router: keys.stream(p, 'router'),
      knowledge: keys.stream(p, 'knowledge'), restricted: keys.restrictedTenants(p), paused: keys.pausedTimers(p, tenant),
      held: keys.heldWork(p, tenant), wf: (id: string) => keys.workflow(p, id),
    };
  };

  /** A waiting workflow as the hand-off's `wait` leaves it: reminder 1 armed, reminder 2 and a 72 h deadline to come. */
  async function waiting(t0: number, laterForm: 'names' | 'json' = 'names'): Promise<{ id: string; deadline: number; member: (name: string) => string }> {
    const id = s.services.keys.newWorkflowId(p);
    const deadline = t0 + 72 * hour;
    const member = (name: string) => waitTimerMember({ tenantId: tenant, workflowId: id, waitId: 2, stage: 'truth', name });
    await s.services.redis.hset(k().wf(id), 'workflow_id', id, 'tenant_id', tenant, 'workflow_type', 'pending-documents', 'claim_id_hash', 'sha256:c1',
      'status', 'awaiting_documents', 'seq', 3, 'audit', '', 'deadline_at', deadline, 'reminders_sent', 0,
      'pd_pending', JSON.stringify([{ code: 'FINAL_BILL', name: 'Final bill' }, { code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }]),
      'pd_received', JSON.stringify({ FINAL_BILL: 'media-1' }),
      'wait_timer', member('reminder:1'), 'wait_due', t0 + 24 * hour,
      // (`json`: the form a record written before the dues-and-names form holds)
      'wait_later', laterForm === 'names' ? `${t0 + 48 * hour}|reminder:2|${deadline}|deadline`
        : JSON.stringify([[member('reminder:2'), t0 + 48 * hour], [member('deadline'), deadline]]),
      'wait_payload', JSON.stringify({ channel: 'whatsapp', from: '+919800000001', text: '', intent: 'pending_documents', claimId: 'CLM-1' }));
    await s.services.redis.zadd(k().timers, t0 + 24 * hour, member('reminder:1'));
    return { id, deadline, member };
  }

  /** The script as the scheduler calls it, for one due member (its tenant not RESTRICTED). */
  const fireOne = (member: string) => runFireWorkflowTimers(s.services.redis, s.services.keys, p, [{ member, timer: parseWaitTimer(member), restricted: false }], 'packed');

  describe('fireWorkflowTimers.lua', () => {
    it('fires each timer once into the workflow\'s own step (its entry names the timer), arming the next; it decides nothing', async () => {
      const t0 = s.clock.now();
      const { id, deadline, member } = await waiting(t0);
      const key = k();
      s.clock.set(t0 + 24 * hour - 1);
      expect(await s.scheduler.fireDue()).to.equal(0);

      s.clock.set(t0 + 24 * hour);
      expect(await s.scheduler.fireDue()).to.equal(1);
      expect(await s.scheduler.fireDue()).to.equal(0);
      let truth = await streamRecords(s.services.redis, key.truth);
      expect(truth).to.have.length(1);
      expect(truth[0]!.f).to.include({ wf: id, tenant, seq: '3', attempt: '0' });
      expect(JSON.parse(truth[0]!.f.payload!)).to.deep.include({ timer: 'reminder:1', timerMember: member('reminder:1'), claimId: 'CLM-1' });
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal([member('reminder:2'), String(t0 + 48 * hour)]);
      expect(await s.services.redis.hgetall(key.wf(id))).to.include({ wait_timer: member('reminder:2'), wait_fired: member('reminder:1'), status: 'awaiting_documents' });

      s.clock.set(t0 + 48 * hour);
      expect(await s.scheduler.fireDue()).to.equal(1);
      truth = await streamRecords(s.services.redis, key.truth);
      expect((JSON.parse(truth[1]!.f.payload!) as WorkflowPayload).timer).to.equal('reminder:2');
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal([member('deadline'), String(deadline)]);
      expect(await s.services.redis.hgetall(key.wf(id))).to.include({ wait_timer: member('deadline'), wait_later: '' });

      s.clock.set(deadline);
      expect(await s.scheduler.fireDue()).to.equal(1);
      expect(await s.services.redis.zcard(key.timers)).to.equal(0);
      truth = await streamRecords(s.services.redis, key.truth);
      expect((JSON.parse(truth[2]!.f.payload!) as WorkflowPayload).timer).to.equal('deadline');
      // The deadline's outcome is its step's (the truth stage's) to decide: nothing else changed, no event.
      expect(await s.services.redis.hgetall(key.wf(id))).to.include({ status: 'awaiting_documents', seq: '3', wait_timer: '', wait_fired: member('deadline') });
      expect(await s.services.redis.xlen(key.audit)).to.equal(0);
    });

    it('a record whose later timers are still full members in JSON (written before) fires them in order, keeping that form', async () => {
      const t0 = s.clock.now();
      const { id, deadline, member } = await waiting(t0, 'json');
      const key = k();
      s.clock.set(t0 + 24 * hour);
      expect(await s.scheduler.fireDue()).to.equal(1);
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal([member('reminder:2'), String(t0 + 48 * hour)]);
      expect(await s.services.redis.hgetall(key.wf(id))).to.include({ wait_timer: member('reminder:2'), wait_later: JSON.stringify([[member('deadline'), deadline]]) });
      s.clock.set(t0 + 48 * hour);
      expect(await s.scheduler.fireDue()).to.equal(1);
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal([member('deadline'), String(deadline)]);
      s.clock.set(deadline);
      expect(await s.scheduler.fireDue()).to.equal(1);
      const timers = (await streamRecords(s.services.redis, key.truth)).map((e) => (JSON.parse(e.f.payload!) as WorkflowPayload).timer);
      expect(timers).to.deep.equal(['reminder:1', 'reminder:2', 'deadline']);
      expect(await s.services.redis.zcard(key.timers)).to.equal(0);
    });

    it('the deadline\'s step, decided by the workflow: timed out with its escalation, once, at the workflow\'s step then', async () => {
      const t0 = s.clock.now();
      const { id, deadline, member } = await waiting(t0);
      const key = k();
      s.clock.set(deadline);
      await s.services.redis.zadd(key.timers, deadline, member('deadline'));
      await s.services.redis.hset(key.wf(id), 'wait_timer', member('deadline'), 'wait_later', '');
      expect(await s.scheduler.fireDue()).to.equal(1);
      // The workflow's step moved after the timer fired (a reply recorded): the deadline still applies, at step 5.
      await s.services.redis.hset(key.wf(id), 'seq', 5);
      await s.services.redis.xgroup('CREATE', key.truth, s.services.keys.group('truth'), '0');
      const read = (await s.services.redis.xreadgroup('GROUP', s.services.keys.group('truth'), 'c', 'STREAMS', key.truth, '>')) as [string, [string, string[]][]][];
      const [entryId, fields] = read[0]![1][0]!;
      const envelope = decodeEnvelope('truth', fields);
      const outcome: Outcome = { kind: 'decided', entryId, envelope, decision: await truth.handle(envelope, s.services.stageContext) };
      const handOff = () => {
        const call = buildHandoff(s.services.keys, p, 'truth', [outcome], deadline, new Map());
        return runHandoff(s.services.redis, call, s.services.keys.group('truth'), deadline, p, allowedTransitions);
      };
      expect((await handOff())[0]!.kind).to.equal('applied');
      const record = await s.services.redis.hgetall(key.wf(id));
      expect(record).to.include({ status: 'timed_out', outcome: 'timed_out', seq: '6', wait_timer: '', wait_due: '', wait_fired: '', updated_at: String(deadline) });
      const audit = await auditRecords(s.services.redis, key.audit);
      expect(audit.map((e) => e.f.type)).to.deep.equal(['documents.timed_out', 'documents.escalated']);
      expect(audit[0]!.f).to.include({ tenant, workflow_id: id, stage: 'truth', seq: '5', at: String(deadline) });
      expect(JSON.parse(audit[0]!.f.detail!)).to.deep.equal({ missing: 1, received: 1 });
      expect(JSON.parse(audit[0]!.f.transition!)).to.deep.equal({ workflow_id: id, from: 'awaiting_documents', to: 'timed_out', seq: 6,
        workflow_type: 'pending-documents', claim_id_hash: 'sha256:c1' });
      expect(JSON.parse(audit[1]!.f.detail!)).to.deep.equal({ pending_docs_workflow_id: id, missing: 1, received: 1, reason: 'deadline' });
      expect(audit[1]!.f.transition).to.equal('');
      expect(record.audit).to.equal(audit.map((e) => `ae-${p}-${e.id}`).join(','));
      // The same entry handed off again (an overlapping reclaim): the fired timer was handled, so it is stale.
      expect((await handOff())[0]!.kind).to.equal('stale');
      expect(await s.services.redis.xlen(key.audit)).to.equal(2);
    });

    it('drops a timer that is not the wait\'s armed one, or unparsable; and fires a timer only once', async () => {
      const t0 = s.clock.now();
      const key = k();
      const { id, member } = await waiting(t0);
      const due = t0 + 24 * hour;

      // The wait was re-armed (a reschedule): the old member is not the armed one.
      await s.services.redis.hset(key.wf(id), 'wait_timer', member('reminder:2'));
      expect(await fireOne(member('reminder:1'))).to.deep.equal({ fired: 0, paused: 0, dropped: 1 });
      expect(await s.services.redis.zcard(key.timers)).to.equal(0);

      await s.services.redis.zadd(key.timers, due, 'pd|garbage', due, waitTimerMember({ tenantId: tenant, workflowId: id, waitId: 2, stage: 'nowhere', name: 'deadline' }));
      s.clock.set(due);
      expect(await s.scheduler.fireDue()).to.equal(0);
      expect(await s.services.redis.zcard(key.timers)).to.equal(0);
      expect(await s.services.redis.xlen(key.truth)).to.equal(0);
      expect(await s.services.redis.xlen(key.audit)).to.equal(0);

      await s.services.redis.hset(key.wf(id), 'wait_timer', member('reminder:1'));
      await s.services.redis.zadd(key.timers, due, member('reminder:1'));
      expect(await fireOne(member('reminder:1'))).to.deep.equal({ fired: 1, paused: 0, dropped: 0 });
      // The member the second scheduler read is gone: it fires nothing.
      expect(await fireOne(member('reminder:1'))).to.deep.equal({ fired: 0, paused: 0, dropped: 0 });
      expect(await s.services.redis.xlen(key.truth)).to.equal(1);
    });

    it('pauses the due timers of a RESTRICTED tenant; they come back with their due times when it is OPERATIONAL, and fire', async () => {
      const t0 = s.clock.now();
      const key = k();
      const { id, member } = await waiting(t0);
      await s.services.modes.change(tenant, 'RESTRICTED', 'test', 'ops', t0);
      s.clock.set(t0 + 24 * hour);
      expect(await s.scheduler.fireDue()).to.equal(0);
      expect(await s.services.redis.zcard(key.timers)).to.equal(0);
      expect(await s.services.redis.zrange(key.paused, 0, -1, 'WITHSCORES')).to.deep.equal([member('reminder:1'), String(t0 + 24 * hour)]);
      expect(await s.services.redis.smembers(key.restricted)).to.deep.equal([tenant]);
      expect(await s.services.redis.xlen(key.truth)).to.equal(0);
      expect(await s.services.redis.hget(key.wf(id), 'wait_timer')).to.equal(member('reminder:1'));

      await s.services.modes.change(tenant, 'OPERATIONAL', 'test', 'ops', t0 + 25 * hour);
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal([member('reminder:1'), String(t0 + 24 * hour)]);
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
