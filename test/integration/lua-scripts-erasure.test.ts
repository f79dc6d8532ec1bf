/**
 * The scripted steps of a claimant's erasure against a real Redis (endErasedWorkflow-4.lua and
 * recordErasure-2.lua, through runEndErasedWorkflow and runRecordErasure), and the whole erasure
 * (src/claimants/erasure.ts) interrupted part way and run again: the re-run finishes the job and
 * writes one `claimant.erased` event (docs/retention.md, "Erasure of a claimant").
 */
import { expect } from 'chai';
import { ClaimantErasure } from '../../src/claimants/erasure';
import { phiHash, sha256Hex } from '../../src/phi';
import { runEndErasedWorkflow, runRecordErasure } from '../../src/redis/scripts';
import { waitTimerMember } from '../../src/redis/wait-timers';
import { auditRecords, scriptServicesPerSuite } from '../helpers/script-services';

const tenant = 'acme';
const phone = '+919833300001';
const claimHash = phiHash('CLM-LUA-1');

describe('erasure Lua scripts against Redis (endErasedWorkflow-4.lua, recordErasure-2.lua)', function () {
  this.timeout(20000);
  const s = scriptServicesPerSuite();

  const p = () => s.services.keys.partitionOf(tenant, phone);

  const member = (id: string) => waitTimerMember({ tenantId: tenant, workflowId: id, waitId: 2, stage: 'truth', name: 'reminder:1' });

  /** An open pending-documents workflow of the claimant, waiting on its first reminder. */
  async function openWorkflow(id: string): Promise<void> {
    const { redis, keys } = s.services;
    await redis.hset(keys.workflow(p(), id), {
      workflow_id: id, tenant_id: tenant, workflow_type: 'pending-documents', status: 'awaiting_documents', seq: '3', started_at: '1', updated_at: '1',
      claim_id_hash: claimHash, phone_hash: phiHash(phone), wait_timer: member(id), wait_due: '1000', wait_payload: JSON.stringify({ from: phone }), audit: 'ae-0-1-0',
    });
    await redis.zadd(keys.workflowIndex(p(), tenant), 1, id);
    await redis.zadd(keys.workflowTimers(p()), 1000, member(id));
  }

  const auditEntries = async () => (await auditRecords(s.services.redis, s.services.keys.audit(p()))).map((e) => e.f);

  it('cancels an open workflow with its transition (no claim hash in it) and its timer, once; another tenant\'s is not found', async () => {
    const { redis, keys } = s.services;
    const id = `wf-${p()}-aaaaaaaaaaaaaaaa`;
    await openWorkflow(id);
    const jobKey = keys.erasureJob(p(), tenant, 'ref');
    const a = { partition: p(), tenantId: tenant, workflowId: id, jobKey, detail: { reason: 'claimant_erased' }, now: 5000 };
    expect(await runEndErasedWorkflow(redis, keys, { ...a, tenantId: 'other' })).to.equal('not_found');
    expect(await runEndErasedWorkflow(redis, keys, a)).to.equal('cancelled');
    const record = await redis.hgetall(keys.workflow(p(), id));
    expect(record).to.include({ status: 'cancelled', outcome: 'claimant_erased', completed_at: '5000', seq: '4', wait_timer: '', wait_due: '' });
    expect(record).to.not.have.any.keys('claim_id_hash', 'phone_hash');
    expect(await redis.zcard(keys.workflowTimers(p()))).to.equal(0);
    const [event] = await auditEntries();
    expect(event).to.include({ tenant, workflow_id: id, stage: 'erasure', type: 'workflow.cancelled' });
    expect(JSON.parse(event!.transition!)).to.deep.include({ workflow_id: id, from: 'awaiting_documents', to: 'cancelled', seq: 4, claim_id_hash: '' });
    expect(record.audit!.split(',')).to.have.length(2);
    expect(await runEndErasedWorkflow(redis, keys, a)).to.equal('finished');
    expect(await auditEntries()).to.have.length(1);
    expect(await redis.hget(jobKey, 'cancelled')).to.equal('1');
  });

  it('writes the claimant.erased event once per job', async () => {
    const { redis, keys } = s.services;
    const jobKey = keys.erasureJob(p(), tenant, 'ref');
    const a = { partition: p(), tenantId: tenant, jobKey, detail: { workflows: 1 }, now: 7000 };
    expect(await runRecordErasure(redis, keys, a)).to.equal(true);
    expect(await runRecordErasure(redis, keys, a)).to.equal(false);
    const events = await auditEntries();
    expect(events).to.have.length(1);
    expect(events[0]).to.include({ tenant, workflow_id: '', stage: 'erasure', type: 'claimant.erased', detail: '{"workflows":1}' });
  });

  it('drains the claimant\'s waiting audit events in either stored form (an older writer\'s seven fields, a packed one) into the ledger', async () => {
    const svc = s.services;
    const typesOf = async (id: string) => (await svc.ledger.all(tenant)).filter((e) => e.workflow_id === id).map((e) => e.type);
    // A workflow that had ended, whose last event an older writer left waiting (seven fields): the erasure writes nothing for it.
    const ended = `wf-${p()}-cccccccccccccccc`;
    await openWorkflow(ended);
    await svc.redis.hset(svc.keys.workflow(p(), ended), 'status', 'completed');
    await svc.redis.xadd(svc.keys.audit(p()), '*', 'tenant', tenant, 'workflow_id', ended, 'stage', 'outbound', 'type', 'reply.sent', 'seq', '3', 'at', '900', 'detail', '{}');
    await svc.erasure.erase(tenant, phone);
    // Drained by the erasure itself (nothing here moves events): none of the workflow's waits.
    expect((await auditEntries()).filter((e) => e.workflow_id === ended)).to.deep.equal([]);
    expect(await typesOf(ended)).to.deep.equal(['reply.sent']);
    // An open one: the only event waiting is the one its cancel wrote, packed.
    const open = `wf-${p()}-dddddddddddddddd`;
    await openWorkflow(open);
    await svc.erasure.erase(tenant, phone);
    expect((await auditEntries()).filter((e) => e.workflow_id === open)).to.deep.equal([]);
    expect(await typesOf(open)).to.deep.equal(['workflow.cancelled']);
  });

  it('finishes an erasure interrupted part way when it is run again', async () => {
    const svc = s.services;
    const id = `wf-${p()}-bbbbbbbbbbbbbbbb`;
    await openWorkflow(id);
    const consentKey = svc.keys.consent(p(), tenant, sha256Hex(phone));
    await svc.redis.hset(consentKey, 'state', 'granted');
    await svc.redis.set(svc.keys.pendingDocsByClaim(p(), tenant, claimHash.slice(7)), id);
    const base = { redis: svc.redis, keys: svc.keys, archive: svc.archive, clock: svc.clock, log: svc.log, refs: svc.refs, phiRefKey: svc.config.phiRefKey };
    // The process dies when it first moves the audit events (after the cancel and the partition's scrub).
    const dying = new ClaimantErasure({ ...base, ledger: Object.assign(Object.create(svc.ledger) as typeof svc.ledger, { moveOnce: () => Promise.reject(new Error('killed')) }) });
    await dying.erase(tenant, phone).then(() => expect.fail('the first run should die'), (err: Error) => expect(err.message).to.equal('killed'));
    expect(await svc.redis.exists(consentKey)).to.equal(0);

    const summary = await svc.erasure.erase(tenant, phone);
    expect(summary).to.deep.equal({ workflows: 1, cancelled: 1, archived_workflows: 0, consent_withdrawn: true });
    const keysLeft = await svc.redis.keys(`${svc.config.keyPrefix}:*`);
    expect(keysLeft.filter((k) => k.includes(':erasure:') || k.includes(sha256Hex(phone)) || k.includes(claimHash.slice(7)))).to.deep.equal([]);
    await svc.ledger.moveOnce();
    const ledger = await svc.ledger.all(tenant);
    expect(ledger.filter((e) => e.type === 'claimant.erased')).to.have.length(1);
    expect(ledger.filter((e) => e.type === 'workflow.cancelled')).to.have.length(1);
  });
});
