/**
 * assignHandover-3.lua and releaseHandover-3.lua against a real Redis, called the way the service
 * calls them: through Handovers.assign and Handovers.release (src/workflows/handovers.ts). A
 * handover is put in the queue the way the hand-off leaves it: `awaiting_agent`, its wait's timer
 * armed, its fields set.
 */
import { expect } from 'chai';
import { runAssignHandover, runReleaseHandover } from '../../src/redis/scripts';
import { waitTimerMember } from '../../src/redis/wait-timers';
import type { HandlerActor } from '../../src/workflows/handovers';
import { refusal } from '../helpers/refusal';
import { auditRecords, scriptServicesPerSuite } from '../helpers/script-services';

const tenant = 'acme';
const handler = (sub: string, admin = false): HandlerActor => ({ sub, token_type: 'human', admin });

describe('human-handover Lua scripts against Redis (assignHandover-3.lua, releaseHandover-3.lua)', function () {
  this.timeout(20000);
  const s = scriptServicesPerSuite();

  /** A queued handover in partition 0, with its SLA timer armed. */
  async function queued(status = 'awaiting_agent', agent?: string): Promise<{ id: string; key: string; member: string }> {
    const { redis, keys } = s.services;
    const id = keys.newWorkflowId(0);
    const key = keys.workflow(0, id);
    const member = waitTimerMember({ tenantId: tenant, workflowId: id, waitId: 3, stage: 'truth', name: 'reminder:1' });
    await redis.hset(key, {
      workflow_id: id, tenant_id: tenant, workflow_type: 'human-handover', status, seq: '4', audit: 'ae-0-1-0', channel: 'whatsapp',
      started_at: '1', updated_at: '1', ho_queued_at: '1', wait_timer: member, wait_due: String(s.clock.now() + 60_000), wait_later: '',
      ...(agent ? { ho_agent: agent } : {}),
    });
    await redis.zadd(keys.workflowTimers(0), s.clock.now() + 60_000, member);
    return { id, key, member };
  }

  it('assign: the first handler takes it (with_agent, timers gone, one event with the transition); a second gets conversation_held_by_another naming the first', async () => {
    const { redis, keys } = s.services;
    const ho = await queued();
    await s.services.handovers.assign(tenant, ho.id, 'user-a', handler('user-a'), s.clock.now());
    expect(await redis.hmget(ho.key, 'status', 'ho_agent', 'seq', 'wait_timer')).to.deep.equal(['with_agent', 'user-a', '4', '']);
    expect(await redis.zscore(keys.workflowTimers(0), ho.member)).to.equal(null);
    const events = (await auditRecords(redis, keys.audit(0))).map((e) => e.f);
    expect(events).to.have.length(1);
    expect(events[0]!.type).to.equal('human_handover.assigned');
    expect(JSON.parse(events[0]!.transition!)).to.include({ workflow_id: ho.id, from: 'awaiting_agent', to: 'with_agent' });
    expect((await redis.hget(ho.key, 'audit'))!.split(',')).to.have.length(2);

    const again = await refusal(s.services.handovers.assign(tenant, ho.id, 'user-b', handler('user-b'), s.clock.now()));
    expect(again.code).to.equal('conversation_held_by_another');
    expect(again.extra.held_by).to.equal('user-a');
    // The holder taking it again changes nothing and writes nothing.
    await s.services.handovers.assign(tenant, ho.id, 'user-a', handler('user-a'), s.clock.now());
    expect(await auditRecords(redis, keys.audit(0))).to.have.length(1);
  });

  it('assign, called twice at once through its wrapper: exactly one handler wins, the other is told who holds it', async () => {
    const { redis, keys } = s.services;
    const ho = await queued();
    const take = (agent: string) => runAssignHandover(redis, keys, { partition: 0, tenantId: tenant, workflowId: ho.id, agent, detail: JSON.stringify({ by: agent }), now: s.clock.now() });
    const [a, b] = await Promise.all([take('user-a'), take('user-b')]);
    const won = [a, b].filter((r) => r.kind === 'ok');
    const lost = [a, b].filter((r) => r.kind === 'refused');
    expect([won.length, lost.length]).to.deep.equal([1, 1]);
    const holder = await redis.hget(ho.key, 'ho_agent');
    expect(lost[0]).to.deep.include({ reason: 'held', holder });
    expect(await auditRecords(redis, keys.audit(0))).to.have.length(1);
    // Released by a caller who does not hold it and is no admin: refused, naming the holder.
    const release = await runReleaseHandover(redis, keys, { partition: 0, tenantId: tenant, workflowId: ho.id, caller: 'someone', admin: false, resolution: 'resolved', detail: '{}', now: s.clock.now() });
    expect(release).to.deep.include({ kind: 'refused', reason: 'not_holder', holder });
  });

  it('assign: refused for another tenant (not found), a handover not yet queued, and one that ended', async () => {
    const ho = await queued();
    expect((await refusal(s.services.handovers.assign('other', ho.id, 'u', handler('u'), s.clock.now()))).code).to.equal('workflow_not_found');
    const early = await queued('started');
    expect((await refusal(s.services.handovers.assign(tenant, early.id, 'u', handler('u'), s.clock.now()))).code).to.equal('workflow_state_conflict');
    const ended = await queued('timed_out');
    expect((await refusal(s.services.handovers.assign(tenant, ended.id, 'u', handler('u'), s.clock.now()))).code).to.equal('workflow_state_conflict');
  });

  it('release: only the holder or an admin; it completes with the resolution and one event', async () => {
    const { redis, keys } = s.services;
    const ho = await queued('with_agent', 'user-a');
    const notMine = await refusal(s.services.handovers.release(tenant, ho.id, 'resolved', handler('user-b'), s.clock.now()));
    expect(notMine.code).to.equal('conversation_held_by_another');
    await s.services.handovers.release(tenant, ho.id, 'back_to_bot', handler('admin-1', true), s.clock.now());
    expect(await redis.hmget(ho.key, 'status', 'outcome')).to.deep.equal(['completed', 'back_to_bot']);
    expect(await redis.hget(ho.key, 'completed_at')).to.equal(String(s.clock.now()));
    const events = (await auditRecords(redis, keys.audit(0))).map((e) => e.f);
    expect(events.map((e) => e.type)).to.deep.equal(['human_handover.completed']);
    expect(JSON.parse(events[0]!.detail)).to.include({ resolution: 'back_to_bot', agent: 'user-a', by: 'admin-1' });
    expect((await refusal(s.services.handovers.release(tenant, ho.id, 'resolved', handler('user-a'), s.clock.now()))).code).to.equal('workflow_state_conflict');
    const waiting = await queued();
    expect((await refusal(s.services.handovers.release(tenant, waiting.id, 'resolved', handler('user-a'), s.clock.now()))).code).to.equal('conversation_not_assigned');
  });
});
