/**
 * The seven Lua scripts that had no test of their own (appendLedger, changeMode, releaseHeld,
 * releaseRestricted, startPendingDocs, controlPendingDocs, fireWorkflowTimers) against a real
 * Redis, through their typed wrappers in src/redis/scripts (which build the key lists the
 * callers used to): each one's success path and its guard or refusal path, as typed results.
 * Each test starts from an empty key prefix.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { WorkflowPayload } from '../../pipeline/types';
import { sha256Hex } from '../../src/phi';
import { createRedis, waitReady, type Redis } from '../../src/redis/connection';
import { Keys } from '../../src/redis/keys';
import {
  runAppendLedger, runChangeMode, runControlPendingDocs, runFireWorkflowTimers, runReleaseHeld, runReleaseRestricted, runStartPendingDocs,
  type PendingDocsAction,
} from '../../src/redis/scripts';
import { parseWaitTimer, waitTimerMember } from '../../src/redis/wait-timers';
import { testRedisUrl } from '../helpers/redis';
import { auditRecords } from '../helpers/script-services';
import { readStageEntry } from '../../src/runtime/envelope-codec';

const prefix = `wflua-${randomBytes(6).toString('hex')}`;
const keys = new Keys(prefix, 4);
const t = 'acme';
const p = 1;
const claimId = 'CLM-WFLUA-1';
const phone = '+919800000001';
const claimHex = sha256Hex(claimId);
const phoneHex = sha256Hex(phone);

describe('workflow, ledger and mode Lua scripts against Redis', () => {
  let redis: Redis;
  let clock = Date.now();
  const tick = () => (clock += 1000);

  async function wipe(): Promise<void> {
    const found = await redis.keys(`${prefix}:*`);
    if (found.length > 0) await redis.del(...found);
  }

  before(async () => {
    redis = createRedis(testRedisUrl(), { name: 'workflow-lua-test' });
    await waitReady(redis);
  });
  beforeEach(wipe);
  after(async () => {
    await wipe();
    await redis.quit();
  });

  describe('appendLedger', () => {
    const append = (expectedHead: string, newHead: string, count: number, cursor: string, events: string[][], eventsPerEntry = 1) =>
      runAppendLedger(redis, keys, t, 1, { expectedHead, newHead, count, cursor, events, eventsPerEntry });

    it('appends the run, moves the head, the count and the partition cursor in one step', async () => {
      expect(await append('', 'h1', 2, '5-0', [['type', 'a', 'hash', 'h0'], ['type', 'b', 'hash', 'h1']])).to.deep.equal({ kind: 'ok' });
      const ledger = await redis.xrange(keys.ledger(t), '-', '+');
      expect(ledger.map(([, f]) => f[1])).to.deep.equal(['a', 'b']);
      expect(await redis.hgetall(keys.ledgerHead(t))).to.deep.equal({ hash: 'h1', count: '2', p1: '5-0' });
    });

    it('in runs, writes up to the given number of events an entry, each with an id of its own that no later entry takes', async () => {
      const events = Array.from({ length: 20 }, (_, i) => ['l1', `event ${i + 1}`]);
      expect(await append('', 'h20', 20, '5-0', events, 16)).to.deep.equal({ kind: 'ok' });
      const entries = (await redis.xrange(keys.ledger(t), '-', '+')) as [string, string[]][];
      expect(entries.map(([, f]) => f.length / 2), 'events an entry').to.deep.equal([16, 4]);
      // Each event's id: the entry's, then the next sequence numbers; the stream's last id is the last event's.
      const ids = entries.flatMap(([id, f]) => f.filter((_, i) => i % 2 === 0).map((_, k) => {
        const [ms, seq] = id.split('-');
        return { ms: BigInt(ms!), seq: BigInt(seq!) + BigInt(k) };
      }));
      expect(ids).to.have.length(20);
      for (let i = 1; i < ids.length; i++) {
        const [a, b] = [ids[i - 1]!, ids[i]!];
        expect(b.ms > a.ms || (b.ms === a.ms && b.seq > a.seq), `event ${i + 1}'s id after event ${i}'s`).to.equal(true);
      }
      const lastId = `${ids[19]!.ms}-${ids[19]!.seq}`;
      const info = (await redis.call('XINFO', 'STREAM', keys.ledger(t))) as unknown[];
      expect(info[info.indexOf('last-generated-id') + 1]).to.equal(lastId);
      // A later append (any writer's XADD *) takes an id above every event's.
      expect(await append('h20', 'h21', 21, '6-0', [['l1', 'event 21']], 16)).to.deep.equal({ kind: 'ok' });
      const [[laterId]] = (await redis.xrevrange(keys.ledger(t), '+', '-', 'COUNT', 1)) as [string, string[]][];
      const [ms, seq] = laterId.split('-').map(BigInt) as [bigint, bigint];
      expect(ms > ids[19]!.ms || (ms === ids[19]!.ms && seq > ids[19]!.seq), `${laterId} after ${lastId}`).to.equal(true);
    });

    it('refuses an events-an-entry count that is not a positive whole number', async () => {
      for (const bad of [0, 1.5]) {
        let error: Error | null = null;
        await append('', 'h1', 1, '5-0', [['l1', 'a']], bad).catch((e: Error) => { error = e; });
        expect(String(error), String(bad)).to.match(/events an entry is not a count/);
      }
      expect(await redis.exists(keys.ledger(t))).to.equal(0);
    });

    it('refuses with conflict when the head moved, writing nothing', async () => {
      await append('', 'h1', 1, '5-0', [['type', 'a']]);
      expect(await append('stale', 'h2', 2, '6-0', [['type', 'b']])).to.deep.equal({ kind: 'conflict' });
      expect(await redis.xlen(keys.ledger(t))).to.equal(1);
      expect(await redis.hgetall(keys.ledgerHead(t))).to.deep.equal({ hash: 'h1', count: '1', p1: '5-0' });
    });
  });

  describe('changeMode', () => {
    const change = (expectedHead: string, newHead: string, mode: string) =>
      runChangeMode(redis, keys, t, { expectedHead, newHead, count: 1, event: ['type', 'mode.changed', 'to', mode],
        mode: { mode, reason: 'test', changedAt: tick(), changedBy: 'ops' } });

    it('sets the mode and appends its ledger event with the new head', async () => {
      expect(await change('', 'h1', 'RESTRICTED')).to.deep.equal({ kind: 'ok' });
      expect(await redis.hmget(keys.operationalMode(t), 'mode', 'reason', 'changed_by')).to.deep.equal(['RESTRICTED', 'test', 'ops']);
      expect(await redis.xlen(keys.ledger(t))).to.equal(1);
      expect(await redis.hget(keys.ledgerHead(t), 'hash')).to.equal('h1');
    });

    it('refuses with conflict when the head moved: neither the mode nor the ledger changes', async () => {
      await change('', 'h1', 'RESTRICTED');
      expect(await change('', 'h2', 'SUSPENDED')).to.deep.equal({ kind: 'conflict' });
      expect(await redis.hget(keys.operationalMode(t), 'mode')).to.equal('RESTRICTED');
      expect(await redis.xlen(keys.ledger(t))).to.equal(1);
    });
  });

  describe('releaseHeld', () => {
    const held = keys.heldReplies(p, t);
    const outbound = keys.stream(p, 'outbound');
    const release = (max: number) => runReleaseHeld(redis, keys, p, t, max);

    it('puts held replies on the outbound stream in order and forgets the tenant once empty', async () => {
      for (const n of ['1', '2', '3']) await redis.xadd(held, '*', 'n', n);
      await redis.sadd(keys.heldTenants(p), t);
      expect(await release(10)).to.equal(3);
      expect((await redis.xrange(outbound, '-', '+')).map(([, f]) => f[1])).to.deep.equal(['1', '2', '3']);
      expect(await redis.exists(held)).to.equal(0);
      expect(await redis.sismember(keys.heldTenants(p), t)).to.equal(0);
    });

    it('releases at most the batch and keeps the tenant listed while replies remain', async () => {
      for (const n of ['1', '2', '3']) await redis.xadd(held, '*', 'n', n);
      await redis.sadd(keys.heldTenants(p), t);
      expect(await release(2)).to.equal(2);
      expect((await redis.xrange(held, '-', '+')).map(([, f]) => f[1])).to.deep.equal(['3']);
      expect(await redis.sismember(keys.heldTenants(p), t)).to.equal(1);
    });
  });

  describe('releaseRestricted', () => {
    /** As OperationalModes calls it, through the typed wrapper. */
    const release = async () => {
      const { entries, timers } = await runReleaseRestricted(redis, keys, p, t, 100);
      return [entries, timers];
    };

    it('returns held work to the stage it was held at, without held_stage, and paused timers with their due times', async () => {
      await redis.xadd(keys.heldWork(p, t), '*', 'wf', 'w1', 'held_stage', 'truth');
      await redis.xadd(keys.heldWork(p, t), '*', 'wf', 'w2', 'held_stage', 'knowledge');
      await redis.zadd(keys.pausedTimers(p, t), 1234, 'pd|acme|w1|0|r|1');
      await redis.sadd(keys.restrictedTenants(p), t);
      expect(await release()).to.deep.equal([2, 1]);
      expect((await redis.xrange(keys.stream(p, 'truth'), '-', '+')).map(([, f]) => f)).to.deep.equal([['wf', 'w1']]);
      expect((await redis.xrange(keys.stream(p, 'knowledge'), '-', '+')).map(([, f]) => f)).to.deep.equal([['wf', 'w2']]);
      expect(await redis.zscore(keys.workflowTimers(p), 'pd|acme|w1|0|r|1')).to.equal('1234');
      expect(await redis.exists(keys.heldWork(p, t), keys.pausedTimers(p, t))).to.equal(0);
      expect(await redis.sismember(keys.restrictedTenants(p), t)).to.equal(0);
    });

    it('refuses a held entry that names no known stage and keeps it held', async () => {
      await redis.xadd(keys.heldWork(p, t), '*', 'wf', 'w1', 'held_stage', 'nowhere');
      await redis.sadd(keys.restrictedTenants(p), t);
      let error: unknown;
      try { await release(); } catch (e) { error = e; }
      expect(String(error)).to.match(/names no known stage/);
      expect(await redis.xlen(keys.heldWork(p, t))).to.equal(1);
      expect(await redis.sismember(keys.restrictedTenants(p), t)).to.equal(1);
    });
  });

  const payload: WorkflowPayload = { channel: 'whatsapp', businessNumberId: '100200300', from: phone, messageId: 'cms:test', text: '', receivedAt: 0, pdStep: 'start' } as WorkflowPayload;
  /** startPendingDocs as PendingDocuments.startFromCms calls it. */
  const start = (workflowId: string) => runStartPendingDocs(redis, keys, { partition: p, tenantId: t, workflowId, channel: 'whatsapp', phone, claimId, payload, workflowType: 'pending-documents', now: tick(), entryForm: 'packed' });

  describe('startPendingDocs', () => {
    it('starts a workflow: record, index entries, claim pointer and one gateway entry', async () => {
      expect(await start('w1')).to.deep.equal({ kind: 'started', workflowId: 'w1' });
      expect(await redis.hmget(keys.workflow(p, 'w1'), 'status', 'workflow_type', 'tenant_id', 'phone_hash', 'claim_id_hash'))
        .to.deep.equal(['started', 'pending-documents', t, `sha256:${phoneHex}`, `sha256:${claimHex}`]);
      // Exactly the fields includes/workflow-record.lua writes, and the pending-documents ones.
      expect(Object.keys(await redis.hgetall(keys.workflow(p, 'w1'))).sort()).to.deep.equal(['audit', 'channel', 'claim_id_hash',
        'phone_hash', 'seq', 'started_at', 'status', 'tenant_id', 'updated_at', 'wait_payload', 'workflow_id', 'workflow_type']);
      expect(await redis.get(keys.pendingDocsByClaim(p, t, claimHex))).to.equal('w1');
      expect(await redis.zscore(keys.pendingDocsByClaimant(p, t, phoneHex), 'w1')).to.not.equal(null);
      expect(await redis.zscore(keys.workflowIndex(p, t), 'w1')).to.not.equal(null);
      expect(await redis.xlen(keys.stream(p, 'gateway'))).to.equal(1);
    });

    it('joins the claim\'s open workflow instead of starting a second, and starts anew once it ended', async () => {
      await start('w1');
      expect(await start('w2')).to.deep.equal({ kind: 'joined', workflowId: 'w1' });
      expect(await redis.exists(keys.workflow(p, 'w2'))).to.equal(0);
      expect(await redis.xlen(keys.stream(p, 'gateway'))).to.equal(1);
      await redis.hset(keys.workflow(p, 'w1'), 'status', 'completed');
      expect(await start('w3')).to.deep.equal({ kind: 'started', workflowId: 'w3' });
      expect(await redis.get(keys.pendingDocsByClaim(p, t, claimHex))).to.equal('w3');
    });

    it('reads the open workflow only when it is declared: otherwise writes nothing and names it', async () => {
      await start('w1');
      const claimKey = keys.pendingDocsByClaim(p, t, claimHex);
      const reply = await redis.startPendingDocs(
        claimKey, keys.workflow(p, 'w2'), keys.workflowIndex(p, t), keys.stream(p, 'gateway'), keys.pendingDocsByClaimant(p, t, phoneHex),
        keys.workflow(p, 'w2'), tick(), 'w2', t, 'whatsapp', `sha256:${phoneHex}`,
        JSON.stringify(['workflow_type', 'pending-documents', 'claim_id_hash', `sha256:${claimHex}`, 'wait_payload', JSON.stringify(payload)]), JSON.stringify(payload), keys.workflow(p, ''), 'packed',
      );
      expect(reply).to.deep.equal(['w1', 'undeclared']);
      expect(await redis.exists(keys.workflow(p, 'w2'))).to.equal(0);
      expect(await redis.xlen(keys.stream(p, 'gateway'))).to.equal(1);
    });
  });

  /** A wait timer member of workflow `workflowId` (its wait started at step 1). */
  const memberOf = (workflowId: string, name: string) => waitTimerMember({ tenantId: t, workflowId, waitId: 1, stage: 'truth', name });

  /** A started workflow set waiting for documents, as the hand-off's `wait` leaves it: `next` armed, `later` to come. */
  async function waiting(workflowId: string, deadline: number, next: string, later: Array<[string, number]> = []): Promise<string> {
    await start(workflowId);
    const member = memberOf(workflowId, next);
    const due = next === 'deadline' ? deadline : clock + 100;
    await redis.hset(keys.workflow(p, workflowId), 'status', 'awaiting_documents', 'wait_timer', member, 'wait_due', String(due),
      'wait_later', later.map(([name, at]) => `${at}|${name}`).join('|'),
      'wait_payload', JSON.stringify({ ...payload, intent: 'pending_documents' }),
      'deadline_at', String(deadline), 'pd_pending', JSON.stringify([{ code: 'a' }, { code: 'b' }]), 'pd_received', JSON.stringify({ a: true }));
    await redis.zadd(keys.workflowTimers(p), due, member);
    return member;
  }

  describe('controlPendingDocs', () => {
    /** As PendingDocuments.control calls it: the claim and phone hashes as the record holds them. */
    const control = (workflowId: string, action: PendingDocsAction, tenant = t, deadlineAt = 0, schedule: Array<[string, number, string]> = []) =>
      runControlPendingDocs(redis, keys, { partition: p, tenantId: tenant, workflowId, action, claimIdHash: `sha256:${claimHex}`, phoneHash: `sha256:${phoneHex}`,
        detail: { by: 'ops' }, deadlineAt, schedule, now: tick(), entryForm: 'packed' });

    it('cancel: status cancelled, the wait\'s timer gone (none armed, none fired), one audit event with the transition', async () => {
      const member = await waiting('w1', clock + 60_000, 'reminder:1');
      expect(await control('w1', 'cancel')).to.deep.equal({ kind: 'ok', status: 'cancelled' });
      expect(await redis.hmget(keys.workflow(p, 'w1'), 'status', 'wait_timer', 'wait_fired')).to.deep.equal(['cancelled', '', '']);
      expect(await redis.zscore(keys.workflowTimers(p), member)).to.equal(null);
      const [event] = await auditRecords(redis, keys.audit(p));
      expect(event!.f.type).to.equal('workflow.cancelled');
      expect(JSON.parse(event!.f.transition)).to.include({ from: 'awaiting_documents', to: 'cancelled' });
    });

    it('refuses another tenant (not_found) and a finished workflow (finished), changing nothing', async () => {
      await waiting('w1', clock + 60_000, 'reminder:1');
      expect(await control('w1', 'cancel', 'other')).to.deep.equal({ kind: 'refused', reason: 'not_found', status: null });
      await control('w1', 'cancel');
      expect(await control('w1', 'cancel')).to.deep.equal({ kind: 'refused', reason: 'finished', status: 'cancelled' });
      expect(await redis.xlen(keys.audit(p))).to.equal(1);
    });

    it('refuses resuming a workflow that is not cancelled or timed out (not_resumable); the type is the caller\'s to check', async () => {
      await waiting('w1', clock + 60_000, 'reminder:1');
      expect(await control('w1', 'resume')).to.deep.equal({ kind: 'refused', reason: 'not_resumable', status: 'awaiting_documents' });
      expect(await redis.xlen(keys.audit(p))).to.equal(0);
    });

    it('resume: a cancelled workflow re-enters consent; refused while the claim has another open one', async () => {
      await waiting('w1', clock + 60_000, 'reminder:1');
      await control('w1', 'cancel');
      await start('w2');
      expect(await control('w1', 'resume')).to.deep.equal({ kind: 'refused', reason: 'claim_has_open_workflow', status: 'cancelled' });
      await redis.hset(keys.workflow(p, 'w2'), 'status', 'completed');
      expect(await control('w1', 'resume')).to.deep.equal({ kind: 'ok', status: 'started' });
      const [[, fields]] = await redis.xrange(keys.stream(p, 'consent'), '-', '+');
      expect(JSON.parse(readStageEntry(fields).payload!)).to.include({ pdStep: 'start' });
      expect(await redis.get(keys.pendingDocsByClaim(p, t, claimHex))).to.equal('w1');
    });

    it('reschedule: the first timer of the new schedule is armed, the rest kept in order; refused unless waiting', async () => {
      const old = await waiting('w1', clock + 60_000, 'reminder:1');
      const deadline = clock + 120_000;
      const schedule: Array<[string, number, string]> = [[memberOf('w1', 'reminder:2'), clock + 30_000, 'reminder:2'], [memberOf('w1', 'deadline'), deadline, 'deadline']];
      expect(await control('w1', 'reschedule', t, deadline, schedule)).to.deep.equal({ kind: 'ok', status: 'awaiting_documents' });
      expect(await redis.zscore(keys.workflowTimers(p), old)).to.equal(null);
      // The members are src/redis/wait-timers.ts's, as given: the script neither builds nor parses one.
      const [member] = await redis.zrange(keys.workflowTimers(p), 0, -1);
      expect(member).to.equal(schedule[0]![0]);
      expect(parseWaitTimer(member!)).to.deep.equal({ tenantId: t, workflowId: 'w1', waitId: 1, stage: 'truth', name: 'reminder:2' });
      expect(await redis.hmget(keys.workflow(p, 'w1'), 'deadline_at', 'wait_timer', 'wait_later', 'wait_due'))
        .to.deep.equal([String(deadline), schedule[0]![0], `${deadline}|deadline`, String(schedule[0]![1])]);
      await control('w1', 'cancel');
      expect(await control('w1', 'reschedule', t, deadline)).to.deep.equal({ kind: 'refused', reason: 'not_waiting', status: 'cancelled' });
    });

    it('recheck: an entry at the current step on the truth stream; refused unless waiting', async () => {
      await waiting('w1', clock + 60_000, 'reminder:1');
      expect(await control('w1', 'recheck')).to.deep.equal({ kind: 'ok', status: 'awaiting_documents' });
      const [[, fields]] = await redis.xrange(keys.stream(p, 'truth'), '-', '+');
      expect(JSON.parse(readStageEntry(fields).payload!)).to.include({ pdStep: 'recheck' });
      await redis.hset(keys.workflow(p, 'w1'), 'status', 'completed');
      expect(await control('w1', 'recheck')).to.deep.equal({ kind: 'refused', reason: 'not_waiting', status: 'completed' });
    });
  });

  describe('fireWorkflowTimers', () => {
    /** As the scheduler calls it: the due members read first. */
    async function fire(now: number, restricted = false): Promise<[number, number, number]> {
      const due = (await redis.zrangebyscore(keys.workflowTimers(p), '-inf', now)).map((member) => ({ member, timer: parseWaitTimer(member), restricted }));
      const { fired, paused, dropped } = await runFireWorkflowTimers(redis, keys, p, due, 'packed');
      return [fired, paused, dropped];
    }

    it('a reminder appends an entry to its step naming the timer and arms the next; a second scheduler fires nothing', async () => {
      const member = await waiting('w1', clock + 60_000, 'reminder:1', [['reminder:2', clock + 5_000]]);
      const now = clock + 200;
      expect(await fire(now)).to.deep.equal([1, 0, 0]);
      expect(await fire(now)).to.deep.equal([0, 0, 0]);
      const [[, fields]] = await redis.xrange(keys.stream(p, 'truth'), '-', '+');
      expect(JSON.parse(readStageEntry(fields).payload!)).to.include({ timer: 'reminder:1', timerMember: member });
      expect(await redis.zscore(keys.workflowTimers(p), member)).to.equal(null);
      expect(await redis.zscore(keys.workflowTimers(p), memberOf('w1', 'reminder:2'))).to.not.equal(null);
      expect(await redis.hmget(keys.workflow(p, 'w1'), 'wait_timer', 'wait_later', 'wait_fired')).to.deep.equal([memberOf('w1', 'reminder:2'), '', member]);
    });

    it('a deadline appends its entry and decides nothing: the workflow\'s step does', async () => {
      const deadline = clock + 100;
      await waiting('w1', deadline, 'deadline');
      expect(await fire(deadline)).to.deep.equal([1, 0, 0]);
      expect(await redis.hmget(keys.workflow(p, 'w1'), 'status', 'wait_timer')).to.deep.equal(['awaiting_documents', '']);
      expect(await redis.xlen(keys.audit(p))).to.equal(0);
      const [[, fields]] = await redis.xrange(keys.stream(p, 'truth'), '-', '+');
      expect(JSON.parse(readStageEntry(fields).payload!)).to.include({ timer: 'deadline' });
    });

    it('drops a timer that is no longer the wait\'s armed one without acting', async () => {
      const member = await waiting('w1', clock + 60_000, 'reminder:1');
      await redis.hset(keys.workflow(p, 'w1'), 'wait_timer', '');
      expect(await fire(clock + 200)).to.deep.equal([0, 0, 1]);
      expect(await redis.zscore(keys.workflowTimers(p), member)).to.equal(null);
      expect(await redis.xlen(keys.stream(p, 'truth'))).to.equal(0);
    });

    it('moves the due timer of a RESTRICTED tenant to its paused set, with its due time', async () => {
      const member = await waiting('w1', clock + 60_000, 'reminder:1');
      const due = await redis.zscore(keys.workflowTimers(p), member);
      expect(await fire(clock + 200, true)).to.deep.equal([0, 1, 0]);
      expect(await redis.zscore(keys.pausedTimers(p, t), member)).to.equal(due);
      expect(await redis.sismember(keys.restrictedTenants(p), t)).to.equal(1);
      expect(await redis.xlen(keys.stream(p, 'truth'))).to.equal(0);
    });
  });
});
