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
import { startScriptServices, type ScriptServices } from '../helpers/script-services';

const tenant = 'acme';
const phone = '+919833300001';
const claimHash = phiHash('CLM-LUA-1');

describe('erasure Lua scripts against Redis (endErasedWorkflow-4.lua, recordErasure-2.lua)', function () {
  this.timeout(20000);
  let s: ScriptServices;
  before(async () => { s = await startScriptServices(); });
  beforeEach(async () => { await s.wipe(); });
  after(async () => { await s?.close(); });

  const p = () => s.services.keys.partitionOf(tenant, phone);

  /** An open pending-documents workflow of the claimant, waiting on its first reminder. */
  async function openWorkflow(id: string): Promise<void> {
    const { redis, keys } = s.services;
    await redis.hset(keys.workflow(p(), id), {
      workflow_id: id, tenant_id: tenant, workflow_type: 'pending-documents', status: 'awaiting_documents', seq: '3', started_at: '1', updated_at: '1',
      claim_id_hash: claimHash, phone_hash: phiHash(phone), pd_next: 'r|1', pd_gen: '2', pd_payload: JSON.stringify({ from: phone }), audit: 'ae-0-1-0',
    });
    await redis.zadd(keys.workflowIndex(p(), tenant), 1, id);
    await redis.zadd(keys.workflowTimers(p()), 1000, `pd|${tenant}|${id}|2|r|1`);
  }

  const auditEntries = async () => ((await s.services.redis.xrange(s.services.keys.audit(p()), '-', '+')) as [string, string[]][])
    .map(([, f]) => Object.fromEntries(Array.from({ length: f.length / 2 }, (_, i) => [f[2 * i], f[2 * i + 1]])) as Record<string, string>);

  it('cancels an open workflow with its transition (no claim hash in it) and its timer, once; another tenant\'s is not found', async () => {
    const { redis, keys } = s.services;
    const id = `wf-${p()}-aaaaaaaaaaaaaaaa`;
    await openWorkflow(id);
    const jobKey = keys.erasureJob(p(), tenant, 'ref');
    const a = { partition: p(), tenantId: tenant, workflowId: id, jobKey, detail: { reason: 'claimant_erased' }, now: 5000 };
    expect(await runEndErasedWorkflow(redis, keys, { ...a, tenantId: 'other' })).to.equal('not_found');
    expect(await runEndErasedWorkflow(redis, keys, a)).to.equal('cancelled');
    const record = await redis.hgetall(keys.workflow(p(), id));
    expect(record).to.include({ status: 'cancelled', outcome: 'claimant_erased', completed_at: '5000', seq: '4', pd_gen: '3', pd_next: '' });
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
