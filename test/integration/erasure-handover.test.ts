/**
 * Erasure of a claimant whose human-handover conversation has records outside the tenant's index
 * (src/claimants/erasure.ts, docs/retention.md): a handler's reply written outside WhatsApp's
 * window (postAgentReply-7.lua, through runPostAgentReply) is held, and the template notice it
 * sent is still in the policy stream, on no transcript yet. The erasure finds both (the held
 * list, the entry in flight), ends them and the handover, and removes the conversation; run
 * again after dying part way, it finishes the same job.
 */
import { expect } from 'chai';
import { ClaimantErasure } from '../../src/claimants/erasure';
import { phiHash, sha256Hex } from '../../src/phi';
import { runPostAgentReply } from '../../src/redis/scripts';
import { scriptServicesPerSuite } from '../helpers/script-services';

const tenant = 'acme';
const phone = '+919833300011';

describe('erasure of a human-handover conversation with a held reply and a notice in flight', function () {
  this.timeout(20000);
  const s = scriptServicesPerSuite();

  const p = () => s.services.keys.partitionOf(tenant, phone);

  /** A handover a handler holds, with the claimant's request on its transcript and the handler's reply held for the window. */
  async function conversation(): Promise<{ handover: string; reply: string; notice: string }> {
    const { redis, keys, config, clock } = s.services;
    const handover = keys.newWorkflowId(p());
    await redis.hset(keys.workflow(p(), handover), {
      workflow_id: handover, tenant_id: tenant, workflow_type: 'human-handover', status: 'with_agent', seq: '5', started_at: '1', updated_at: '1',
      channel: 'whatsapp', phone_hash: phiHash(phone), ho_agent: 'agent-1', ho_queued_at: '1', ho_last_claimant_at: '1', audit: '',
      wait_payload: JSON.stringify({ channel: 'whatsapp', businessNumberId: '100200300', from: phone, messageId: 'wamid.in', text: '', receivedAt: 1, language: 'EN' }),
    });
    await redis.zadd(keys.workflowIndex(p(), tenant), 1, handover);
    await redis.set(keys.claimantWait(p(), tenant, sha256Hex(phone), 'human-handover'), handover);
    await redis.xadd(keys.conversation(p(), tenant, handover), '*', 'author', 'claimant', 'at', '1', 'channel', 'whatsapp', 'text', 'please call me back');
    const reply = keys.newWorkflowId(p());
    const notice = keys.newWorkflowId(p());
    const done = await runPostAgentReply(redis, keys, {
      partition: p(), tenantId: tenant, workflowId: handover, replyId: reply, noticeId: notice, caller: 'agent-1', admin: false,
      text: 'We will call you at noon.', detail: JSON.stringify({ by: 'agent-1', token_type: 'client' }), now: clock.now(), entryForm: config.stageEntryForm, windowMs: 24 * 3_600_000, workflowType: 'human-handover',
    });
    expect(done).to.deep.include({ kind: 'ok', state: 'awaiting_window' });
    expect(await redis.xlen(keys.stream(p(), 'policy'))).to.equal(1);
    return { handover, reply, notice };
  }

  async function expectErased(c: { handover: string; reply: string; notice: string }): Promise<void> {
    const { redis, keys } = s.services;
    for (const id of [c.handover, c.reply, c.notice]) {
      const record = await redis.hgetall(keys.workflow(p(), id));
      expect(record, id).to.include({ status: 'cancelled', outcome: 'claimant_erased' });
      expect(record, id).to.not.have.any.keys('phone_hash', 'wait_payload', 'handover_workflow_id');
    }
    // What the partner API shows of the handover stays.
    expect(await redis.hget(keys.workflow(p(), c.handover), 'ho_agent')).to.equal('agent-1');
    expect(await redis.xlen(keys.stream(p(), 'policy'))).to.equal(0);
    expect(await redis.exists(keys.conversation(p(), tenant, c.handover), keys.conversationHeld(p(), tenant, c.handover),
      keys.claimantWait(p(), tenant, sha256Hex(phone), 'human-handover'))).to.equal(0);
    const left = await redis.keys(`${s.services.config.keyPrefix}:*`);
    expect(left.filter((k) => k.includes(':erasure:') || k.includes(sha256Hex(phone)))).to.deep.equal([]);
  }

  it('finds the held reply and the notice in flight, ends all three and removes the conversation', async () => {
    const c = await conversation();
    expect(await s.services.erasure.erase(tenant, phone)).to.deep.equal({ workflows: 3, cancelled: 3, archived_workflows: 0, consent_withdrawn: false });
    await expectErased(c);
  });

  it('finishes the same job when run again after dying part way, the conversation already gone', async () => {
    const c = await conversation();
    const svc = s.services;
    const base = { redis: svc.redis, keys: svc.keys, archive: svc.archive, clock: svc.clock, log: svc.log, refs: svc.refs, phiRefKey: svc.config.phiRefKey };
    // Dies when it first moves the audit events: after the cancels and the partition's scrub.
    const dying = new ClaimantErasure({ ...base, ledger: Object.assign(Object.create(svc.ledger) as typeof svc.ledger, { moveOnce: () => Promise.reject(new Error('killed')) }) });
    await dying.erase(tenant, phone).then(() => expect.fail('the first run should die'), (err: Error) => expect(err.message).to.equal('killed'));
    expect(await svc.redis.exists(svc.keys.conversation(p(), tenant, c.handover))).to.equal(0);
    expect(await svc.erasure.erase(tenant, phone)).to.deep.equal({ workflows: 3, cancelled: 3, archived_workflows: 0, consent_withdrawn: false });
    await expectErased(c);
  });
});
