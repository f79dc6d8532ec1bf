/**
 * startPendingDocs-6.lua and controlPendingDocs-7.lua against a real Redis, called the way the
 * service calls them: through PendingDocuments.startFromCms and PendingDocuments.control (and
 * the typed wrapper runControlPendingDocs where only a race reaches a guard). A workflow is put at its wait the way
 * handoff.lua's pd_await leaves it (generation, one timer, `pd_rdue`, deadline).
 */
import { expect } from 'chai';
import type { Claim, WorkflowPayload } from '../../pipeline/types';
import { phiHash, sha256Hex } from '../../src/phi';
import { runControlPendingDocs } from '../../src/redis/scripts';
import { waitTimerMember } from '../../src/redis/wait-timers';
import type { ControlAction } from '../../src/workflows/pending-documents';
import { refusal } from '../helpers/refusal';
import { auditRecords, hour, scriptServicesPerSuite, streamRecords } from '../helpers/script-services';

const tenant = 'acme';
const actor = { sub: 'partner-app', token_type: 'machine' };

function claimOf(n: number): Claim {
  return {
    claim_id: `CLM-PD-${n}`, policy_number: 'POL-1', member_name: 'Test Claimant', claimant_phone: `+9198765${String(n).padStart(5, '0')}`,
    status: 'DOCUMENTS_PENDING', status_updated_at: '2026-06-01T00:00:00Z', amount_claimed: 1000, amount_approved: null, reason_codes: [],
  };
}

describe('pending-documents Lua scripts against Redis (startPendingDocs-6.lua, controlPendingDocs-7.lua)', function () {
  this.timeout(20000);
  const s = scriptServicesPerSuite();

  const k = (claim: Claim) => {
    const { keys } = s.services;
    const p = keys.partitionOf(tenant, claim.claimant_phone);
    return {
      p, keys,
      pointer: keys.pendingDocsByClaim(p, tenant, sha256Hex(claim.claim_id)),
      claimant: keys.pendingDocsByClaimant(p, tenant, sha256Hex(claim.claimant_phone)),
      index: keys.workflowIndex(p, tenant), gateway: keys.stream(p, 'gateway'), timers: keys.workflowTimers(p),
      audit: keys.audit(p), consent: keys.stream(p, 'consent'), truth: keys.stream(p, 'truth'),
      wf: (id: string) => keys.workflow(p, id),
    };
  };

  const start = (claim: Claim, now: number) => s.services.pendingDocs.startFromCms(tenant, claim, 'whatsapp', '100200300', now);

  /** A wait timer member of workflow `id` for a wait that started at step `waitId` (src/redis/wait-timers.ts). */
  const memberOf = (id: string, name: string, waitId = 2) => waitTimerMember({ tenantId: tenant, workflowId: id, waitId, stage: 'truth', name });

  /** The state handoff.lua's `wait` leaves: reminder 1 armed, reminder 2 and the deadline to come. */
  async function toWait(claim: Claim, id: string, waitStart: number): Promise<{ member: string; deadline: number }> {
    const key = k(claim);
    const deadline = waitStart + 72 * hour;
    const member = memberOf(id, 'reminder:1');
    await s.services.redis.hset(key.wf(id), 'status', 'awaiting_documents', 'seq', 3,
      'wait_timer', member, 'wait_due', waitStart + 24 * hour,
      'wait_later', `${waitStart + 48 * hour}|reminder:2|${deadline}|deadline`,
      'deadline_at', deadline, 'wait_started_at', waitStart, 'reminders_sent', 0,
      'pd_pending', JSON.stringify([{ code: 'FINAL_BILL', name: 'Final bill' }]), 'pd_received', '{}');
    await s.services.redis.zadd(key.timers, waitStart + 24 * hour, member);
    return { member, deadline };
  }

  describe('startPendingDocs-6.lua', () => {
    it('starts a workflow: record, index, claim pointer, claimant index and gateway entry in one step', async () => {
      const claim = claimOf(1);
      const key = k(claim);
      const now = s.clock.now();
      const { workflowId, joined } = await start(claim, now);
      expect(joined).to.equal(false);
      expect(s.services.keys.partitionOfWorkflow(workflowId)).to.equal(key.p);
      const record = await s.services.redis.hgetall(key.wf(workflowId));
      const payload = JSON.parse(record.wait_payload!) as WorkflowPayload;
      expect(payload).to.deep.include({ channel: 'whatsapp', businessNumberId: '100200300', from: claim.claimant_phone, messageId: `cms:${workflowId}`,
        text: '', receivedAt: 0, intent: 'pending_documents', claimId: claim.claim_id, pdStep: 'start' });
      expect(record).to.deep.equal({
        workflow_id: workflowId, tenant_id: tenant, status: 'started', seq: '0', started_at: String(now), updated_at: String(now), channel: 'whatsapp',
        phone_hash: phiHash(claim.claimant_phone), audit: '', workflow_type: 'pending-documents', claim_id_hash: phiHash(claim.claim_id), wait_payload: record.wait_payload,
      });
      expect(await s.services.redis.zscore(key.index, workflowId)).to.equal(String(now));
      expect(await s.services.redis.get(key.pointer)).to.equal(workflowId);
      expect(await s.services.redis.zscore(key.claimant, workflowId)).to.equal(String(now));
      const gateway = await streamRecords(s.services.redis, key.gateway);
      expect(gateway.map((e) => e.f)).to.deep.equal([{ wf: workflowId, tenant, seq: '0', attempt: '0', payload: record.wait_payload }]);
    });

    it('joins the claim\'s open workflow and writes nothing; starts anew once that one has finished', async () => {
      const claim = claimOf(2);
      const key = k(claim);
      const first = await start(claim, s.clock.now());
      for (const status of ['started', 'awaiting_consent', 'awaiting_documents']) {
        await s.services.redis.hset(key.wf(first.workflowId), 'status', status);
        expect(await start(claim, s.clock.now() + 1000)).to.deep.equal({ workflowId: first.workflowId, joined: true });
      }
      expect(await s.services.redis.xlen(key.gateway)).to.equal(1);
      expect(await s.services.redis.zcard(key.index)).to.equal(1);
      expect(await s.services.redis.zcard(key.claimant)).to.equal(1);

      await s.services.redis.hset(key.wf(first.workflowId), 'status', 'timed_out');
      const second = await start(claim, s.clock.now() + 2000);
      expect(second.joined).to.equal(false);
      expect(second.workflowId).not.to.equal(first.workflowId);
      expect(await s.services.redis.get(key.pointer)).to.equal(second.workflowId);
      expect(await s.services.redis.xlen(key.gateway)).to.equal(2);
      expect(await s.services.redis.zrange(key.claimant, 0, -1)).to.have.members([first.workflowId, second.workflowId]);
    });

    it('starts anew when the pointer names a workflow record that no longer exists', async () => {
      const claim = claimOf(3);
      const key = k(claim);
      await s.services.redis.set(key.pointer, s.services.keys.newWorkflowId(key.p));
      const { workflowId, joined } = await start(claim, s.clock.now());
      expect(joined).to.equal(false);
      expect(await s.services.redis.get(key.pointer)).to.equal(workflowId);
      expect(await s.services.redis.hget(key.wf(workflowId), 'status')).to.equal('started');
    });
  });

  describe('controlPendingDocs-7.lua', () => {
    const control = (id: string, action: ControlAction, now: number, options: { deadlineAt?: number; documents?: string[] } = {}) =>
      s.services.pendingDocs.control(tenant, id, action, actor, now, options);

    it('cancel: ends the wait (its armed timer gone, none to come), cancelled with its audit event and transition', async () => {
      const claim = claimOf(10);
      const key = k(claim);
      const { workflowId: id } = await start(claim, s.clock.now());
      const { member } = await toWait(claim, id, s.clock.now());
      const now = s.clock.now() + hour;
      await control(id, 'cancel', now);
      const record = await s.services.redis.hgetall(key.wf(id));
      expect(record).to.include({ status: 'cancelled', outcome: 'cancelled', completed_at: String(now), updated_at: String(now),
        wait_timer: '', wait_due: '', wait_later: '', wait_fired: '', seq: '4' });
      expect(await s.services.redis.zscore(key.timers, member)).to.equal(null);
      const audit = await auditRecords(s.services.redis, key.audit);
      expect(audit).to.have.length(1);
      const { transition, ...fields } = audit[0]!.f;
      expect(fields).to.deep.equal({ tenant, workflow_id: id, stage: 'control', type: 'workflow.cancelled', seq: '4', at: String(now),
        detail: JSON.stringify({ by: actor.sub, token_type: actor.token_type }) });
      expect(JSON.parse(transition!)).to.deep.equal({ workflow_id: id, from: 'awaiting_documents', to: 'cancelled', seq: 4,
        workflow_type: 'pending-documents', claim_id_hash: phiHash(claim.claim_id) });
      expect(record.audit).to.equal(`ae-${key.p}-${audit[0]!.id}`);
    });

    it('cancel is refused once finished, and a workflow of another tenant or type is refused, with nothing written', async () => {
      const claim = claimOf(11);
      const key = k(claim);
      const { workflowId: id } = await start(claim, s.clock.now());
      await control(id, 'cancel', s.clock.now());
      const before = await s.services.redis.hgetall(key.wf(id));
      const finished = await refusal(control(id, 'cancel', s.clock.now() + 1));
      expect(finished.code).to.equal('workflow_state_conflict');
      expect(finished.extra).to.deep.equal({ workflow_status: 'cancelled' });
      expect(await s.services.redis.hgetall(key.wf(id))).to.deep.equal(before);
      expect(await s.services.redis.xlen(key.audit)).to.equal(1);

      // The script's own tenant check (the service checks first; only a race reaches it).
      const refused = await runControlPendingDocs(s.services.redis, s.services.keys, {
        partition: key.p, tenantId: 'other-tenant', workflowId: id, action: 'cancel', claimIdHash: phiHash(claim.claim_id), phoneHash: phiHash(claim.claimant_phone),
        detail: {}, now: s.clock.now(), entryForm: 'packed',
      });
      expect(refused).to.deep.equal({ kind: 'refused', reason: 'not_found', status: null });

      await s.services.redis.hset(key.wf(id), 'workflow_type', 'claim-status', 'status', 'started');
      const mismatch = await refusal(control(id, 'cancel', s.clock.now()));
      expect(mismatch.code).to.equal('workflow_type_mismatch');
      expect(await s.services.redis.hget(key.wf(id), 'status')).to.equal('started');
      expect(await s.services.redis.xlen(key.audit)).to.equal(1);
    });

    it('an unknown action is an error reply, and writes nothing', async () => {
      const claim = claimOf(12);
      const key = k(claim);
      const { workflowId: id } = await start(claim, s.clock.now());
      await toWait(claim, id, s.clock.now());
      const before = await s.services.redis.hgetall(key.wf(id));
      const call = runControlPendingDocs(s.services.redis, s.services.keys, {
        partition: key.p, tenantId: tenant, workflowId: id, action: 'pause' as ControlAction, claimIdHash: phiHash(claim.claim_id),
        phoneHash: phiHash(claim.claimant_phone), detail: {}, now: s.clock.now(), entryForm: 'packed',
      });
      await call.then(() => { throw new Error('expected an error reply'); }, (err: Error) => expect(err.message).to.match(/unknown action pause/));
      expect(await s.services.redis.hgetall(key.wf(id))).to.deep.equal(before);
    });

    it('resume: a timed-out workflow starts again at consent, its pointer and claimant index set, received documents kept', async () => {
      const claim = claimOf(13);
      const key = k(claim);
      const { workflowId: id } = await start(claim, s.clock.now());
      await toWait(claim, id, s.clock.now());
      await s.services.redis.hset(key.wf(id), 'status', 'timed_out', 'outcome', 'timed_out', 'wait_timer', '', 'pd_received', '{"FINAL_BILL":"m1"}', 'error', 'x', 'held', '1');
      await s.services.redis.del(key.pointer);
      const now = s.clock.now() + 100 * hour;
      await control(id, 'resume', now);
      const record = await s.services.redis.hgetall(key.wf(id));
      expect(record).to.include({ status: 'started', updated_at: String(now), wait_timer: '', wait_due: '', wait_later: '', seq: '4', pd_received: '{"FINAL_BILL":"m1"}' });
      for (const gone of ['completed_at', 'outcome', 'deadline_at', 'error', 'held']) expect(record).not.to.have.property(gone);
      expect(await s.services.redis.get(key.pointer)).to.equal(id);
      expect(await s.services.redis.zscore(key.claimant, id)).to.equal(String(now));
      const consent = await streamRecords(s.services.redis, key.consent);
      expect(consent).to.have.length(1);
      expect(consent[0]!.f).to.include({ wf: id, tenant, seq: '4', attempt: '0' });
      const payload = JSON.parse(consent[0]!.f.payload!) as WorkflowPayload;
      expect(payload.pdStep).to.equal('start');
      expect(payload).not.to.have.property('reminder');
      expect(payload.claimId).to.equal(claim.claim_id);
      const audit = await auditRecords(s.services.redis, key.audit);
      expect(audit.map((e) => e.f.type)).to.deep.equal(['workflow.resumed']);
      expect(JSON.parse(audit[0]!.f.transition!)).to.include({ from: 'timed_out', to: 'started', seq: 4 });
    });

    it('resume is refused while the claim has another open workflow, for an open workflow, and without a payload', async () => {
      const claim = claimOf(14);
      const key = k(claim);
      const { workflowId: a } = await start(claim, s.clock.now());
      await control(a, 'cancel', s.clock.now());
      const { workflowId: b } = await start(claim, s.clock.now() + 1);
      const seqBefore = await s.services.redis.hget(key.wf(a), 'seq');
      const open = await refusal(control(a, 'resume', s.clock.now() + 2));
      expect(open.code).to.equal('claim_has_open_workflow');
      expect(open.extra).to.deep.equal({ workflow_status: 'cancelled' });
      expect(await s.services.redis.hget(key.wf(a), 'seq')).to.equal(seqBefore);
      expect(await s.services.redis.get(key.pointer)).to.equal(b);
      expect(await s.services.redis.xlen(key.consent)).to.equal(0);

      const notResumable = await refusal(control(b, 'resume', s.clock.now() + 3));
      expect(notResumable.code).to.equal('workflow_state_conflict');
      expect(notResumable.extra).to.deep.equal({ workflow_status: 'started' });

      await control(b, 'cancel', s.clock.now() + 4);
      await s.services.redis.hdel(key.wf(b), 'wait_payload');
      const noPayload = await refusal(control(b, 'resume', s.clock.now() + 5));
      expect(noPayload.code).to.equal('workflow_state_conflict');
      expect(await s.services.redis.hget(key.wf(b), 'status')).to.equal('cancelled');
      expect(await s.services.redis.xlen(key.consent)).to.equal(0);
    });

    it('reschedule: the unsent reminders before the new deadline re-armed, then the deadline; the rest dropped', async () => {
      const claim = claimOf(15);
      const key = k(claim);
      const t0 = s.clock.now();
      const { workflowId: id } = await start(claim, t0);
      const { member, deadline } = await toWait(claim, id, t0);
      const newDeadline = t0 + 36 * hour;
      await control(id, 'reschedule', t0 + hour, { deadlineAt: newDeadline });
      // (the members name the wait by the step it is at, 3)
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal([memberOf(id, 'reminder:1', 3), String(t0 + 24 * hour)]);
      expect(await s.services.redis.zscore(key.timers, member)).to.equal(null);
      expect(await s.services.redis.hgetall(key.wf(id))).to.include({ status: 'awaiting_documents', seq: '3', wait_timer: memberOf(id, 'reminder:1', 3),
        wait_later: `${newDeadline}|deadline`,
        deadline_at: String(newDeadline), wait_due: String(t0 + 24 * hour), updated_at: String(t0 + hour) });
      const audit = await auditRecords(s.services.redis, key.audit);
      expect(audit).to.have.length(1);
      expect(audit[0]!.f).to.include({ type: 'documents.deadline_changed', seq: '3', stage: 'control' });
      expect(audit[0]!.f.transition).to.equal('');
      expect(JSON.parse(audit[0]!.f.detail!)).to.deep.equal({ by: actor.sub, token_type: actor.token_type, previous_deadline_at: deadline, deadline_at: newDeadline });

      // A later deadline keeps both reminders: the first in the set, the second and the deadline to come.
      await control(id, 'reschedule', t0 + 2 * hour, { deadlineAt: t0 + 100 * hour });
      expect(await s.services.redis.zrange(key.timers, 0, -1)).to.deep.equal([memberOf(id, 'reminder:1', 3)]);
      expect(await s.services.redis.hgetall(key.wf(id))).to.include({
        wait_timer: memberOf(id, 'reminder:1', 3), wait_later: `${t0 + 48 * hour}|reminder:2|${t0 + 100 * hour}|deadline`,
      });

      // One before every reminder leaves only the deadline.
      await control(id, 'reschedule', t0 + 3 * hour, { deadlineAt: t0 + 10 * hour });
      expect(await s.services.redis.zrange(key.timers, 0, -1, 'WITHSCORES')).to.deep.equal([memberOf(id, 'deadline', 3), String(t0 + 10 * hour)]);
      expect(await s.services.redis.hgetall(key.wf(id))).to.include({ wait_timer: memberOf(id, 'deadline', 3), wait_due: String(t0 + 10 * hour), wait_later: '' });
    });

    it('recheck: a truth entry at the current step and documents.reported; the wait and its timer stay', async () => {
      const claim = claimOf(16);
      const key = k(claim);
      const { workflowId: id } = await start(claim, s.clock.now());
      const { member } = await toWait(claim, id, s.clock.now());
      await control(id, 'recheck', s.clock.now() + hour, { documents: ['FINAL_BILL'] });
      const truth = await streamRecords(s.services.redis, key.truth);
      expect(truth).to.have.length(1);
      expect(truth[0]!.f).to.include({ wf: id, tenant, seq: '3', attempt: '0' });
      expect((JSON.parse(truth[0]!.f.payload!) as WorkflowPayload).pdStep).to.equal('recheck');
      const audit = await auditRecords(s.services.redis, key.audit);
      expect(audit.map((e) => e.f.type)).to.deep.equal(['documents.reported']);
      expect(JSON.parse(audit[0]!.f.detail!)).to.deep.equal({ by: actor.sub, token_type: actor.token_type, documents: ['FINAL_BILL'] });
      expect(await s.services.redis.hgetall(key.wf(id))).to.include({ status: 'awaiting_documents', seq: '3', wait_timer: member });
      expect(await s.services.redis.zscore(key.timers, member)).not.to.equal(null);
    });

    it('reschedule and recheck are refused unless awaiting documents, with nothing written', async () => {
      const claim = claimOf(17);
      const key = k(claim);
      const { workflowId: id } = await start(claim, s.clock.now());
      for (const action of ['reschedule', 'recheck'] as const) {
        const refused = await refusal(control(id, action, s.clock.now(), { deadlineAt: s.clock.now() + hour }));
        expect(refused.code).to.equal('workflow_state_conflict');
        expect(refused.extra).to.deep.equal({ workflow_status: 'started' });
      }
      expect(await s.services.redis.xlen(key.truth)).to.equal(0);
      expect(await s.services.redis.xlen(key.audit)).to.equal(0);
      expect(await s.services.redis.zcard(key.timers)).to.equal(0);
      expect(await s.services.redis.hget(key.wf(id), 'wait_timer')).to.equal(null);
    });
  });
});
