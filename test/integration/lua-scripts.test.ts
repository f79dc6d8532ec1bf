/**
 * The four Lua scripts (src/redis/lua) against a real Redis, through the same call shapes the
 * runtime uses: ingestInbound as the intake calls it (runIngestInbound), handoff with ops from
 * buildHandoff and the transition table the stage worker passes, called through runHandoff (its
 * typed results asserted), fireTimers as the scheduler
 * calls it (runFireTimers), and redriveDeadLetter as the ops CLI does (runRedriveDeadLetter).
 * Each test starts from an empty key prefix.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Decision, Envelope, PendingDocument, PendingDocumentsPayload, WorkflowPayload } from '../../pipeline/types';
import { transitions } from '../../pipeline/workflows/transitions';
import { packedAuditField, type WaitingAuditEvent } from '../../src/audit/audit-stream-entry';
import { ConsentStore } from '../../src/consent/consent-store';
import { phiHash, sha256Hex } from '../../src/phi';
import { createRedis, waitReady, type Redis } from '../../src/redis/connection';
import { Keys } from '../../src/redis/keys';
import { runFireTimers, runHandoff, runIngestInbound, packOps, runRedriveDeadLetter, type HandoffResult } from '../../src/redis/scripts';
import { stageNames, type StageName } from '../../pipeline/vocabulary';
import { decodeEnvelope, encodeFields, readStageEntry, type StageEntryForm, type StreamEntry } from '../../src/runtime/envelope-codec';
import { buildHandoff, heldEffects, type HeldWorkflow, type Outcome } from '../../src/runtime/handoff-ops';
import { testRedisUrl } from '../helpers/redis';
import { claimOf, fakeStageContext } from '../helpers/fake-stage-context';
import { truth } from '../../pipeline/stages/truth';
import { PendingDocuments } from '../../src/workflows/pending-documents';
import type { Config } from '../../src/config';
import { auditRecords } from '../helpers/script-services';

const prefix = `lua-test-${randomBytes(6).toString('hex')}`;
const keys = new Keys(prefix, 4);
const tenant = 'acme';
const consumer = 'lua-test-consumer';
const dedupeSeconds = 600;

/** The transition table as the stage worker hands it to the script: { from: { to: true } }. */
const allowedTransitions = JSON.stringify(Object.fromEntries(
  Object.entries(transitions).map(([from, tos]) => [from, Object.fromEntries(tos.map((to) => [to, true]))]),
));

interface Delivered {
  entryId: string;
  fields: string[];
  envelope: Envelope;
}

describe('Lua scripts against Redis', function () {
  this.timeout(20000);
  let redis: Redis;
  let other: Redis;
  let clock = Date.now();
  /** A fresh, strictly increasing "now" for each step. */
  const tick = () => (clock += 1000);

  async function wipe(): Promise<void> {
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (found.length > 0) await redis.del(...found);
    } while (cursor !== '0');
  }

  before(async () => {
    redis = createRedis(testRedisUrl(), { name: 'lua-test' });
    other = createRedis(testRedisUrl(), { name: 'lua-test-2' });
    await Promise.all([waitReady(redis), waitReady(other)]);
  });

  beforeEach(wipe);

  after(async () => {
    if (redis) {
      await wipe();
      await redis.quit();
    }
    if (other) await other.quit();
  });

  // --- helpers ----------------------------------------------------------------------------

  function phoneFor(partition: number): string {
    // A claimant phone that lands in the wanted partition, so tests can pick one deliberately.
    for (let n = 0; ; n++) {
      const phone = `+9198${String(10000000 + n).padStart(8, '0')}`;
      if (keys.partitionOf(tenant, phone) === partition) return phone;
    }
  }

  function messagePayload(phone: string, messageId: string, text: string, receivedAt: number): WorkflowPayload {
    return { channel: 'whatsapp', businessNumberId: '555000111', from: phone, messageId, text, receivedAt };
  }

  /** Takes a message in the way InboundIntake.message does. */
  async function ingest(phone: string, messageId: string, text: string, now = tick()) {
    const p = keys.partitionOf(tenant, phone);
    const proposed = keys.newWorkflowId(p);
    const payload = messagePayload(phone, messageId, text, now);
    const { kind, workflowId } = await runIngestInbound(redis, keys, {
      partition: p, tenantId: tenant, workflowId: proposed, messageId, channel: 'whatsapp', phone, payload, now, dedupeSeconds, entryForm: 'packed',
    });
    return { p, proposed, kind, workflowId, payload, now };
  }

  async function ensureGroup(p: number, stage: StageName): Promise<void> {
    try {
      await redis.xgroup('CREATE', keys.stream(p, stage), keys.group(stage), '0', 'MKSTREAM');
    } catch (err) {
      if (!String((err as Error).message).includes('BUSYGROUP')) throw err;
    }
  }

  /** Reads every new entry of a stage stream as a member of the stage's consumer group. */
  async function deliver(p: number, stage: StageName): Promise<Delivered[]> {
    await ensureGroup(p, stage);
    const reply = (await redis.xreadgroup('GROUP', keys.group(stage), consumer, 'COUNT', 100, 'STREAMS', keys.stream(p, stage), '>')) as [string, StreamEntry[]][] | null;
    const entries = reply?.[0]?.[1] ?? [];
    return entries.map(([entryId, fields]) => ({ entryId, fields, envelope: decodeEnvelope(stage, fields) }));
  }

  async function deliverOne(p: number, stage: StageName): Promise<Delivered> {
    const entries = await deliver(p, stage);
    expect(entries, `new entries on ${stage}`).to.have.length(1);
    return entries[0]!;
  }

  /** The held workflow per consent answer or question, read as the stage worker reads it (ConsentStore.held). */
  async function heldFor(p: number, outcomes: Outcome[]): Promise<Map<string, HeldWorkflow | null>> {
    const held = new Map<string, HeldWorkflow | null>();
    const consent = new ConsentStore(redis, keys);
    for (const outcome of outcomes) {
      if (outcome.kind !== 'decided' || !outcome.decision.effects?.some((e) => heldEffects.has(e.type))) continue;
      const env = outcome.envelope;
      held.set(env.workflowId, await consent.held(env.tenantId, p, env.payload.from));
    }
    return held;
  }

  /** One hand-off call, exactly as StageWorker.handOff makes it (runHandoff: one typed result per op). */
  async function handOff(p: number, stage: StageName, outcomes: Outcome[], now = tick(), form: StageEntryForm = 'packed'): Promise<HandoffResult[]> {
    const held = await heldFor(p, outcomes);
    const call = buildHandoff(keys, p, stage, outcomes, now, held, undefined, form);
    return runHandoff(redis, call, keys.group(stage), now, p, allowedTransitions);
  }

  /** The audit event id of an op the hand-off applied (fails the test on any other result). */
  function applied(result: HandoffResult | undefined): string {
    expect(result, 'an applied hand-off').to.have.property('kind', 'applied');
    const id = (result as Extract<HandoffResult, { kind: 'applied' }>).auditId;
    expect(id).to.match(/^ae-\d+-\d+-\d+$/);
    return id;
  }

  function decided(d: Delivered, decision: Decision): Outcome {
    return { kind: 'decided', entryId: d.entryId, envelope: d.envelope, decision };
  }

  function consentKey(p: number, phone: string): string {
    return keys.consent(p, tenant, sha256Hex(phone));
  }

  async function wf(p: number, workflowId: string): Promise<Record<string, string>> {
    return redis.hgetall(keys.workflow(p, workflowId));
  }

  async function entries(key: string): Promise<{ id: string; f: Record<string, string> }[]> {
    const list = (await redis.xrange(key, '-', '+')) as StreamEntry[];
    return list.map(([id, fields]) => ({ id, f: readStageEntry(fields) }));
  }

  /** The partition's waiting audit events, in either stored form (src/audit/audit-stream-entry.ts). */
  async function auditEntries(p: number): Promise<{ id: string; f: WaitingAuditEvent }[]> {
    return auditRecords(redis, keys.audit(p));
  }

  async function pendingCount(p: number, stage: StageName): Promise<number> {
    const summary = (await redis.xpending(keys.stream(p, stage), keys.group(stage))) as [number, ...unknown[]];
    return Number(summary[0]);
  }

  /** The source entry was acked and deleted: nothing left on the stream nor pending. */
  async function expectConsumed(p: number, stage: StageName): Promise<void> {
    expect(await redis.xlen(keys.stream(p, stage)), `${stage} stream length`).to.equal(0);
    expect(await pendingCount(p, stage), `${stage} pending`).to.equal(0);
  }

  function auditIdOf(p: number, streamId: string): string {
    return `ae-${p}-${streamId}`;
  }

  /** A message through the gateway into the consent stream, delivered to a consent worker. */
  async function atConsent(phone: string, messageId: string, text: string) {
    const ingested = await ingest(phone, messageId, text);
    const { p } = ingested;
    const g = await deliverOne(p, 'gateway');
    const [gatewayAudit] = await handOff(p, 'gateway', [decided(g, { kind: 'forward', to: 'consent', payload: g.envelope.payload, audit: { type: 'message.received' } })]);
    const c = await deliverOne(p, 'consent');
    return { ...ingested, c, gatewayAudit: applied(gatewayAudit) };
  }

  /** The consent stage's decision for a question from a number without consent on file. */
  function parkDecision(payload: WorkflowPayload): Decision {
    return {
      kind: 'forward', to: 'policy', status: 'awaiting_consent',
      payload: { ...payload, language: 'EN', reply: { template: 'consent_request', vars: {} }, afterSend: 'awaiting_consent' },
      patch: { language: 'EN' }, audit: { type: 'consent.requested' },
      effects: [{ type: 'consent.park', payload }],
    };
  }

  // --- ingestInbound ----------------------------------------------------------------------

  describe('ingestInbound', () => {
    it('takes a new message in: workflow record, tenant index entry and one gateway entry', async () => {
      const phone = phoneFor(1);
      const { p, proposed, kind, workflowId, payload, now } = await ingest(phone, 'wamid.first', 'status of my claim');
      expect(kind).to.equal('created');
      expect(workflowId).to.equal(proposed);

      const record = await wf(p, workflowId);
      expect(record).to.include({
        workflow_id: workflowId, tenant_id: tenant, status: 'started', seq: '0', started_at: String(now),
        updated_at: String(now), channel: 'whatsapp', phone_hash: phiHash(phone), audit: '',
      });
      expect(JSON.stringify(record)).not.to.include(phone);
      // Exactly the fields includes/workflow-record.lua writes.
      expect(Object.keys(record).sort()).to.deep.equal(['audit', 'channel', 'phone_hash', 'seq', 'started_at', 'status', 'tenant_id', 'updated_at', 'workflow_id']);

      expect(await redis.zrange(keys.workflowIndex(p, tenant), 0, -1, 'WITHSCORES')).to.deep.equal([workflowId, String(now)]);

      const gateway = await entries(keys.stream(p, 'gateway'));
      expect(gateway).to.have.length(1);
      expect(gateway[0]!.f).to.deep.equal({ wf: workflowId, tenant, seq: '0', attempt: '0', payload: JSON.stringify(payload) });
    });

    it('a redelivered webhook (same message id) returns the first workflow and adds nothing', async () => {
      const phone = phoneFor(2);
      const first = await ingest(phone, 'wamid.dup', 'status of my claim');
      const again = await ingest(phone, 'wamid.dup', 'status of my claim');
      expect(again.proposed).not.to.equal(first.workflowId);
      expect(again.kind).to.equal('duplicate');
      expect(again.workflowId).to.equal(first.workflowId);

      const { p } = first;
      expect(await redis.xlen(keys.stream(p, 'gateway'))).to.equal(1);
      expect(await redis.zcard(keys.workflowIndex(p, tenant))).to.equal(1);
      expect(await redis.exists(keys.workflow(p, again.proposed))).to.equal(0);
      expect((await wf(p, first.workflowId)).started_at).to.equal(String(first.now));

      // A different message id from the same claimant is a new workflow.
      const next = await ingest(phone, 'wamid.other', 'and my other claim');
      expect(next.kind).to.equal('created');
      expect(next.workflowId).to.equal(next.proposed);
      expect(await redis.xlen(keys.stream(p, 'gateway'))).to.equal(2);
    });

    it('remembers a message id for the dedupe window', async () => {
      const phone = phoneFor(0);
      const { p } = await ingest(phone, 'wamid.ttl', 'hello');
      const ttl = await redis.ttl(keys.seenMessage(p, tenant, 'wamid.ttl'));
      expect(ttl).to.be.within(dedupeSeconds - 5, dedupeSeconds);
    });
  });

  // --- handoff ----------------------------------------------------------------------------

  describe('handoff', () => {
    it('forward: one next entry at seq+1, source acked and deleted, record and audit updated', async () => {
      const phone = phoneFor(3);
      const { p, workflowId } = await ingest(phone, 'wamid.fwd', 'claim status please');
      const g = await deliverOne(p, 'gateway');
      expect(await pendingCount(p, 'gateway')).to.equal(1);

      const now = tick();
      const payload = { ...g.envelope.payload, language: 'EN' as const };
      const auditId = applied((await handOff(p, 'gateway', [decided(g, {
        kind: 'forward', to: 'consent', payload, patch: { language: 'EN' }, audit: { type: 'message.received', detail: { channel: 'whatsapp', length: 19 } },
      })], now))[0]);

      const next = await entries(keys.stream(p, 'consent'));
      expect(next).to.have.length(1);
      expect(next[0]!.f).to.deep.equal({ wf: workflowId, tenant, seq: '1', attempt: '0', payload: JSON.stringify(payload) });

      await expectConsumed(p, 'gateway');

      const audit = await auditEntries(p);
      expect(audit).to.have.length(1);
      expect(auditId).to.equal(auditIdOf(p, audit[0]!.id));
      expect(audit[0]!.f).to.deep.equal({
        tenant, workflow_id: workflowId, stage: 'gateway', type: 'message.received', seq: '0', at: String(now),
        detail: JSON.stringify({ channel: 'whatsapp', length: 19 }), transition: '',
      });
      // Stored as one packed field (docs/audit-ledger.md), not seven.
      const [[, stored]] = (await redis.xrange(keys.audit(p), '-', '+')) as StreamEntry[];
      expect(stored).to.deep.equal([packedAuditField, [tenant, workflowId, 'gateway', 'message.received', '0', String(now), '',
        JSON.stringify({ channel: 'whatsapp', length: 19 })].join('\n')]);

      const record = await wf(p, workflowId);
      expect(record).to.include({ seq: '1', audit: auditId, status: 'started', language: 'EN', updated_at: String(now) });
      expect(record).not.to.have.property('completed_at');

      // The next step appends its audit id to the list.
      const c = await deliverOne(p, 'consent');
      const second = applied((await handOff(p, 'consent', [decided(c, { kind: 'forward', to: 'router', payload, audit: { type: 'consent.on_file' } })]))[0]);
      expect((await wf(p, workflowId)).audit).to.equal(`${auditId},${second}`);
    });

    it('forward with a status sets it; a forward without one keeps it', async () => {
      const { p, workflowId, c } = await atConsent(phoneFor(1), 'wamid.status', 'claim status');
      await handOff(p, 'consent', [decided(c, { kind: 'forward', to: 'policy', status: 'awaiting_consent', payload: c.envelope.payload, audit: { type: 'consent.requested' } })]);
      expect((await wf(p, workflowId)).status).to.equal('awaiting_consent');

      const policy = await deliverOne(p, 'policy');
      const [result] = await handOff(p, 'policy', [decided(policy, { kind: 'forward', to: 'outbound', payload: policy.envelope.payload, audit: { type: 'policy.passed' } })]);
      applied(result);
      const record = await wf(p, workflowId);
      expect(record.status).to.equal('awaiting_consent');
      expect(record.seq).to.equal('3');
      expect((await entries(keys.stream(p, 'outbound')))[0]!.f.seq).to.equal('3');
    });

    it('a redelivered entry never acts twice', async () => {
      const { p, workflowId } = await ingest(phoneFor(2), 'wamid.redeliver', 'claim status');
      const g = await deliverOne(p, 'gateway');
      const decision: Decision = { kind: 'forward', to: 'consent', payload: g.envelope.payload, audit: { type: 'message.received' } };
      const outcome = decided(g, decision);
      const first = applied((await handOff(p, 'gateway', [outcome]))[0]);
      const before = await wf(p, workflowId);

      // Another consumer that reclaimed the same entry hands it off too.
      expect(await handOff(p, 'gateway', [outcome])).to.deep.equal([{ kind: 'stale' }]);
      // And a copy of the entry (same seq) arriving again is dropped as well, acked and deleted.
      await redis.xadd(keys.stream(p, 'gateway'), '*', ...g.fields);
      const copy = await deliverOne(p, 'gateway');
      expect(await handOff(p, 'gateway', [decided(copy, decision)])).to.deep.equal([{ kind: 'stale' }]);

      expect(await redis.xlen(keys.stream(p, 'consent'))).to.equal(1);
      expect(await redis.xlen(keys.audit(p))).to.equal(1);
      await expectConsumed(p, 'gateway');
      const after = await wf(p, workflowId);
      expect(after.seq).to.equal('1');
      expect(after.audit).to.equal(first);
      expect(after.updated_at).to.equal(before.updated_at);
    });

    it('writes a call\'s audit events as two entries: the first alone, the others together at the ids after it, which no later entry takes', async () => {
      // Three workflows of one partition, handed off from gateway in one call.
      const p = keys.partitionOf(tenant, phoneFor(1));
      const same = Array.from({ length: 400 }, (_, n) => `+9197${String(n).padStart(8, '0')}`).filter((ph) => keys.partitionOf(tenant, ph) === p).slice(0, 3);
      expect(same).to.have.length(3);
      const taken = [];
      for (const [n, phone] of same.entries()) taken.push(await ingest(phone, `wamid.pack-${n}`, 'claim status'));
      const delivered = await deliver(p, 'gateway');
      expect(delivered).to.have.length(3);
      const results = await handOff(p, 'gateway', delivered.map((d) => decided(d, {
        kind: 'forward', to: 'consent', payload: d.envelope.payload, audit: { type: 'message.received' },
      })));
      const ids = results.map(applied);

      const stored = (await redis.xrange(keys.audit(p), '-', '+')) as StreamEntry[];
      expect(stored.map(([, fields]) => fields.length), 'one event, then two in one entry').to.deep.equal([2, 4]);
      const [ms, seq] = stored[0]![0].split('-').map(Number) as [number, number];
      expect(stored[1]![0]).to.equal(`${ms}-${seq + 1}`);
      // Each op's audit id is its event's own id, in the order of the ops, and its record lists it.
      expect(ids).to.deep.equal([0, 1, 2].map((i) => auditIdOf(p, `${ms}-${seq + i}`)));
      expect((await auditEntries(p)).map((e) => [auditIdOf(p, e.id), e.f.workflow_id])).to.deep.equal(
        delivered.map((d, i) => [ids[i], d.envelope.workflowId]));
      for (const [i, d] of delivered.entries()) expect((await wf(p, d.envelope.workflowId)).audit).to.equal(ids[i]);
      // The stream's last id is the last event's: an entry added now (any writer's `*`) comes after it.
      const later = await redis.xadd(keys.audit(p), '*', 'e1', 'probe');
      const [laterMs, laterSeq] = later!.split('-').map(Number) as [number, number];
      expect(laterMs > ms || (laterMs === ms && laterSeq > seq + 2), `${later} after ${ms}-${seq + 2}`).to.equal(true);
      await redis.xdel(keys.audit(p), later!);
      expect(taken.map((t) => t.kind)).to.deep.equal(['created', 'created', 'created']);
    });

    it('a command failing part-way through a call still leaves the audit events of the ops applied before it', async () => {
      const p = keys.partitionOf(tenant, phoneFor(3));
      const same = Array.from({ length: 400 }, (_, n) => `+9196${String(n).padStart(8, '0')}`).filter((ph) => keys.partitionOf(tenant, ph) === p).slice(0, 3);
      for (const [n, phone] of same.entries()) await ingest(phone, `wamid.fail-${n}`, 'claim status');
      const delivered = await deliver(p, 'gateway');
      expect(delivered).to.have.length(3);
      // The third op's next stream is not a stream: its XADD fails after the checks, and after the
      // first two ops (and its own record and event) were applied.
      await redis.set(keys.stream(p, 'router'), 'not a stream');
      const call = handOff(p, 'gateway', delivered.map((d, i) => decided(d, {
        kind: 'forward', to: i < 2 ? 'consent' : 'router', payload: d.envelope.payload, audit: { type: 'message.received' },
      })));
      let failure: Error | null = null;
      await call.catch((err: Error) => { failure = err; });
      expect(String(failure), 'the call fails').to.match(/WRONGTYPE/);
      const events = await auditEntries(p);
      expect(events.map((e) => e.f.workflow_id)).to.deep.equal(delivered.map((d) => d.envelope.workflowId));
      for (const [i, d] of delivered.entries()) expect((await wf(p, d.envelope.workflowId)).audit).to.equal(auditIdOf(p, events[i]!.id));
      await redis.del(keys.stream(p, 'router'));
    });

    it('finish: sets the final status and completed_at, appends nothing to any stream', async () => {
      const { p, workflowId, c } = await atConsent(phoneFor(0), 'wamid.finish', 'claim status');
      const now = tick();
      const auditId = applied((await handOff(p, 'consent', [decided(c, { kind: 'finish', status: 'completed', patch: { outcome: 'answered' }, audit: { type: 'reply.sent' } })], now))[0]);
      const record = await wf(p, workflowId);
      expect(record).to.include({ status: 'completed', completed_at: String(now), updated_at: String(now), outcome: 'answered', seq: '2' });
      expect(record.audit!.split(',')).to.have.length(2).and.include(auditId!);
      await expectConsumed(p, 'consent');
      for (const stage of stageNames) expect(await redis.xlen(keys.stream(p, stage)), stage).to.equal(0);
    });

    it('an illegal status transition is refused: nothing changes, the entry is acked', async () => {
      const { p, workflowId, c } = await atConsent(phoneFor(3), 'wamid.illegal', 'claim status');
      await redis.hset(keys.workflow(p, workflowId), 'status', 'cancelled');
      const before = await wf(p, workflowId);
      const auditLen = await redis.xlen(keys.audit(p));

      const result = await handOff(p, 'consent', [decided(c, { kind: 'finish', status: 'completed', audit: { type: 'reply.sent' } })]);
      expect(result).to.deep.equal([{ kind: 'illegal', from: 'cancelled', to: 'completed' }]);

      expect(await wf(p, workflowId)).to.deep.equal(before);
      expect(await redis.xlen(keys.audit(p))).to.equal(auditLen);
      await expectConsumed(p, 'consent');
    });

    it('retry: one durable timer with the next attempt, the source acked, the record untouched', async () => {
      const { p, workflowId, c } = await atConsent(phoneFor(1), 'wamid.retry', 'claim status');
      const before = await wf(p, workflowId);
      const auditLen = await redis.xlen(keys.audit(p));
      const due = clock + 5000;

      const result = await handOff(p, 'consent', [{ kind: 'retry', entryId: c.entryId, envelope: c.envelope, due, errorCode: 'cms_unavailable' }]);
      expect(result).to.deep.equal([{ kind: 'retry' }]);

      const timers = await redis.zrange(keys.timers(p), 0, -1, 'WITHSCORES');
      expect(timers).to.have.length(2);
      expect(Number(timers[1])).to.equal(due);
      const timer = JSON.parse(timers[0]!) as { id: string; stream: string; fields: string[] };
      expect(timer.stream).to.equal(keys.stream(p, 'consent'));
      expect(readStageEntry(timer.fields)).to.deep.equal({ wf: workflowId, tenant, seq: '1', attempt: '1', payload: JSON.stringify(c.envelope.payload) });

      await expectConsumed(p, 'consent');
      expect(await wf(p, workflowId)).to.deep.equal(before);
      expect(await redis.xlen(keys.audit(p))).to.equal(auditLen);

      // When the timer fires, the retried entry still hands off (its seq still matches).
      expect(await runFireTimers(redis, keys, p, due, 10)).to.equal(1);
      const retried = await deliverOne(p, 'consent');
      expect(retried.envelope.attempt).to.equal(1);
      applied((await handOff(p, 'consent', [decided(retried, { kind: 'forward', to: 'router', payload: retried.envelope.payload, audit: { type: 'consent.on_file' } })]))[0]);
      expect((await wf(p, workflowId)).seq).to.equal('2');
    });

    it('dead: dead-letter entry with its reason, error on the record, seq kept; a later forward clears the error', async () => {
      const { p, workflowId, c } = await atConsent(phoneFor(2), 'wamid.dead', 'claim status');
      const now = tick();
      const auditId = applied((await handOff(p, 'consent', [{
        kind: 'dead', entryId: c.entryId, envelope: c.envelope, fields: c.fields, errorCode: 'max_deliveries', reason: 'delivered 6 times without a hand-off', deliveries: 6,
      }], now))[0]);

      const dead = await entries(keys.deadLetters(p, 'consent'));
      expect(dead).to.have.length(1);
      expect(dead[0]!.f).to.deep.equal({
        ...readStageEntry(c.fields), reason: 'delivered 6 times without a hand-off', error_code: 'max_deliveries', stage: 'consent',
        failed_at: String(now), deliveries: '6', source_id: c.entryId,
      });
      await expectConsumed(p, 'consent');

      const record = await wf(p, workflowId);
      expect(record).to.include({ error: 'max_deliveries', seq: '1', status: 'started' });
      expect(record.audit!.split(',').pop()).to.equal(auditId);
      const audit = await auditEntries(p);
      expect(audit.at(-1)!.f).to.include({ type: 'stage.dead_lettered', stage: 'consent', workflow_id: workflowId, tenant });
      expect(auditId).to.equal(auditIdOf(p, audit.at(-1)!.id));

      // The entry comes back (as a redrive puts it) and this time goes through.
      await redis.xadd(keys.stream(p, 'consent'), '*', ...c.fields);
      const again = await deliverOne(p, 'consent');
      await handOff(p, 'consent', [decided(again, { kind: 'forward', to: 'router', payload: again.envelope.payload, audit: { type: 'consent.on_file' } })]);
      const healed = await wf(p, workflowId);
      expect(healed).not.to.have.property('error');
      expect(healed.seq).to.equal('2');
    });

    it('dead: an entry that cannot be read is dead-lettered without touching any workflow', async () => {
      const p = 1;
      await ensureGroup(p, 'router');
      await redis.xadd(keys.stream(p, 'router'), '*', 'garbage', 'yes');
      const reply = (await redis.xreadgroup('GROUP', keys.group('router'), consumer, 'COUNT', 10, 'STREAMS', keys.stream(p, 'router'), '>')) as [string, StreamEntry[]][];
      const [entryId, fields] = reply[0]![1][0]!;
      const result = await handOff(p, 'router', [{ kind: 'dead', entryId, envelope: null, fields, errorCode: 'invalid_envelope', reason: 'entry lacks wf', deliveries: 1 }]);
      expect(result).to.deep.equal([{ kind: 'dead' }]);
      expect(await entries(keys.deadLetters(p, 'router'))).to.have.length(1);
      expect(await redis.xlen(keys.audit(p))).to.equal(0);
      await expectConsumed(p, 'router');
    });

    it('consent park + supersede: a newer question closes the held one and is held instead', async () => {
      const phone = phoneFor(0);
      const a = await atConsent(phone, 'wamid.qa', 'status of claim one');
      const { p } = a;
      await handOff(p, 'consent', [decided(a.c, parkDecision(a.c.envelope.payload))]);
      expect(await redis.hgetall(consentKey(p, phone))).to.deep.equal({ parked: a.workflowId, parked_payload: JSON.stringify(a.c.envelope.payload), parked_status: 'awaiting_consent' });
      const aParked = await wf(p, a.workflowId);
      expect(aParked).to.include({ status: 'awaiting_consent', seq: '2' });

      const b = await atConsent(phone, 'wamid.qb', 'status of claim two');
      expect(b.p).to.equal(p);
      const now = tick();
      applied((await handOff(p, 'consent', [decided(b.c, parkDecision(b.c.envelope.payload))], now))[0]);

      const superseded = await wf(p, a.workflowId);
      expect(superseded).to.include({ status: 'cancelled', outcome: 'superseded', completed_at: String(now), seq: '3' });
      // The trail says why: A's last audit event is its supersession, naming B.
      const lastAudit = superseded.audit!.split(',').pop()!;
      const event = (await auditEntries(p)).find((e) => auditIdOf(p, e.id) === lastAudit)!;
      expect(event.f).to.include({ workflow_id: a.workflowId, type: 'workflow.superseded' });
      expect(JSON.parse(event.f.detail!)).to.deep.equal({ superseded_by: b.workflowId });
      expect(await wf(p, b.workflowId)).to.include({ status: 'awaiting_consent', seq: '2' });
      expect(await redis.hgetall(consentKey(p, phone))).to.deep.equal({ parked: b.workflowId, parked_payload: JSON.stringify(b.c.envelope.payload), parked_status: 'awaiting_consent' });

      // A's consent request still on its way is dropped: the claimant is asked once, for B.
      const policy = await deliver(p, 'policy');
      expect(policy.map((d) => d.envelope.workflowId)).to.deep.equal([a.workflowId, b.workflowId]);
      const results = await handOff(p, 'policy', policy.map((d) => decided(d, { kind: 'forward', to: 'outbound', payload: d.envelope.payload, audit: { type: 'policy.passed' } })));
      expect(results[0]).to.deep.equal({ kind: 'stale' });
      applied(results[1]);
      expect((await entries(keys.stream(p, 'outbound'))).map((e) => e.f.wf)).to.deep.equal([b.workflowId]);
    });

    /** A question parked and waiting (its consent request sent), and a consent answer at the consent stage. */
    async function parkedAndAnswer(answer: string) {
      const phone = phoneFor(3);
      const a = await atConsent(phone, 'wamid.question', 'status of my claim');
      const { p } = a;
      await handOff(p, 'consent', [decided(a.c, parkDecision(a.c.envelope.payload))]);
      const policy = await deliverOne(p, 'policy');
      await handOff(p, 'policy', [decided(policy, { kind: 'forward', to: 'outbound', payload: policy.envelope.payload, audit: { type: 'policy.passed' } })]);
      const outbound = await deliverOne(p, 'outbound');
      await handOff(p, 'outbound', [decided(outbound, { kind: 'wait', status: 'awaiting_consent', audit: { type: 'reply.sent' } })]);
      const held = await wf(p, a.workflowId);
      expect(held.status).to.equal('awaiting_consent');
      const y = await atConsent(phone, 'wamid.answer', answer);
      return { p, phone, a, held, y };
    }

    it('consent resume: the answer is folded into the held workflow, which continues with its payload', async () => {
      const { p, phone, a, held, y } = await parkedAndAnswer('YES');
      const yBefore = await wf(p, y.workflowId);
      expect(yBefore.audit).to.equal(y.gatewayAudit);

      const now = tick();
      const outcome = decided(y.c, {
        kind: 'finish', status: 'completed', audit: { type: 'consent.granted' },
        effects: [{ type: 'consent.set', state: 'granted' }, { type: 'consent.resume', to: 'router', status: 'started' }],
      });
      const auditId = applied((await handOff(p, 'consent', [outcome], now))[0]);

      const consent = await redis.hgetall(consentKey(p, phone));
      expect(consent).to.deep.equal({ state: 'granted', updated_at: String(now) });

      expect(await redis.exists(keys.workflow(p, y.workflowId))).to.equal(0);
      expect(await redis.zscore(keys.workflowIndex(p, tenant), y.workflowId)).to.equal(null);
      expect(await redis.zscore(keys.workflowIndex(p, tenant), a.workflowId)).not.to.equal(null);

      const resumed = await wf(p, a.workflowId);
      const newSeq = Number(held.seq) + 1;
      expect(resumed).to.include({ status: 'started', seq: String(newSeq), updated_at: String(now) });
      // The answer's step is recorded under the held workflow, naming the answering message and
      // its earlier events (which keep the message's own id and are not listed under the held one).
      expect(resumed.audit).to.equal(`${held.audit},${auditId}`);
      const event = (await auditEntries(p)).find((e) => auditIdOf(p, e.id) === auditId)!;
      expect(event.f).to.include({ workflow_id: a.workflowId, type: 'consent.granted' });
      expect(JSON.parse(event.f.detail!)).to.include({ message_workflow_id: y.workflowId }).and.to.have.deep.property('message_event_ids', yBefore.audit!.split(','));

      const router = await entries(keys.stream(p, 'router'));
      expect(router).to.have.length(1);
      expect(router[0]!.f).to.deep.equal({ wf: a.workflowId, tenant, seq: String(newSeq), attempt: '0', payload: JSON.stringify(a.c.envelope.payload) });
      await expectConsumed(p, 'consent');

      // The YES delivered again acts no more: its workflow is gone.
      expect(await handOff(p, 'consent', [outcome])).to.deep.equal([{ kind: 'stale' }]);
      expect(await redis.xlen(keys.stream(p, 'router'))).to.equal(1);
      expect(await redis.hgetall(consentKey(p, phone))).to.deep.equal({ state: 'granted', updated_at: String(now) });
    });

    it('consent resume never reopens a held workflow that has ended: the answer stands on its own', async () => {
      const { p, phone, a, y } = await parkedAndAnswer('YES');
      await redis.hset(keys.workflow(p, a.workflowId), 'status', 'completed');
      applied((await handOff(p, 'consent', [decided(y.c, {
        kind: 'finish', status: 'completed', audit: { type: 'consent.granted' },
        effects: [{ type: 'consent.set', state: 'granted' }, { type: 'consent.resume', to: 'router', status: 'started' }],
      })]))[0]);
      expect(await wf(p, a.workflowId)).to.include({ status: 'completed' });
      expect(await redis.xlen(keys.stream(p, 'router'))).to.equal(0);
      expect(await wf(p, y.workflowId)).to.include({ status: 'completed' });
      expect(await redis.hget(consentKey(p, phone), 'state')).to.equal('granted');
    });

    /** An unclear question held for a choice (its choices sent), and the claimant's next message at the router. */
    async function heldForChoice(answer: string) {
      const phone = phoneFor(2);
      const q = await atConsent(phone, 'wamid.unclear', 'my claim');
      const { p } = q;
      await handOff(p, 'consent', [decided(q.c, { kind: 'forward', to: 'router', payload: q.c.envelope.payload, audit: { type: 'consent.on_file' } })]);
      const r = await deliverOne(p, 'router');
      const heldPayload: WorkflowPayload = { ...r.envelope.payload, language: 'HI_EN' };
      await handOff(p, 'router', [decided(r, {
        kind: 'forward', to: 'policy', status: 'awaiting_choice',
        payload: { ...heldPayload, reply: { template: 'clarify', vars: {}, choices: true }, afterSend: 'awaiting_choice' },
        patch: { outcome: 'clarification_requested' }, audit: { type: 'intent.unclear' },
        effects: [{ type: 'choice.park', payload: heldPayload }],
      })]);
      expect(await redis.hgetall(consentKey(p, phone))).to.deep.equal({ parked: q.workflowId, parked_payload: JSON.stringify(heldPayload), parked_status: 'awaiting_choice' });
      expect(await wf(p, q.workflowId)).to.include({ status: 'awaiting_choice' });
      const policy = await deliverOne(p, 'policy');
      await handOff(p, 'policy', [decided(policy, { kind: 'forward', to: 'outbound', payload: policy.envelope.payload, audit: { type: 'policy.passed' } })]);
      const outbound = await deliverOne(p, 'outbound');
      await handOff(p, 'outbound', [decided(outbound, { kind: 'wait', status: 'awaiting_choice', audit: { type: 'reply.sent' } })]);
      const held = await wf(p, q.workflowId);
      expect(held.status).to.equal('awaiting_choice');
      const t = await atConsent(phone, 'wamid.tap', answer);
      await handOff(p, 'consent', [decided(t.c, { kind: 'forward', to: 'router', payload: { ...t.c.envelope.payload, heldChoice: q.workflowId }, audit: { type: 'consent.on_file' } })]);
      const tapAtRouter = await deliverOne(p, 'router');
      return { p, phone, q, held, heldPayload, t, tapAtRouter };
    }

    /** The router's decision for a choice: its own route, plus the resume of the held question. */
    function chooseDecision(d: Delivered, patch: Partial<WorkflowPayload>): Decision {
      return {
        kind: 'forward', to: 'truth', payload: { ...d.envelope.payload, intent: 'claim_status', language: 'EN' } as WorkflowPayload,
        patch: { workflow_type: 'claim-status', language: 'EN' }, audit: { type: 'workflow.routed' },
        effects: [{ type: 'choice.resume', patch }],
      };
    }

    it('choice resume: a tap is folded into the question held for a choice, which continues at the router', async () => {
      const { p, phone, q, held, heldPayload, t, tapAtRouter } = await heldForChoice('Claim status');
      const tapBefore = await wf(p, t.workflowId);
      const now = tick();
      const auditId = applied((await handOff(p, 'router', [decided(tapAtRouter, chooseDecision(tapAtRouter, { choice: 'claim_status' }))], now))[0]);
      expect(await redis.exists(keys.workflow(p, t.workflowId))).to.equal(0);
      const resumed = await wf(p, q.workflowId);
      expect(resumed).to.include({ status: 'started', seq: String(Number(held.seq) + 1) });
      expect(resumed.audit).to.equal(`${held.audit},${auditId}`);
      const event = (await auditEntries(p)).find((e) => auditIdOf(p, e.id) === auditId)!;
      expect(event.f.workflow_id).to.equal(q.workflowId);
      expect(JSON.parse(event.f.detail!)).to.include({ message_workflow_id: t.workflowId }).and.to.have.deep.property('message_event_ids', tapBefore.audit!.split(','));
      // The held question goes back to the router with its own words and the choice; nothing reached truth.
      const router = await entries(keys.stream(p, 'router'));
      expect(router).to.have.length(1);
      expect(JSON.parse(router[0]!.f.payload!)).to.deep.equal({ ...heldPayload, choice: 'claim_status' });
      expect(await redis.xlen(keys.stream(p, 'truth'))).to.equal(0);
      expect(await redis.hgetall(consentKey(p, phone))).to.deep.equal({});
      expect(JSON.parse(event.f.transition!)).to.include({ workflow_id: q.workflowId, from: 'awaiting_choice', to: 'started' });
    });

    it('choice resume when the held question was superseded meanwhile: the choice runs on its own', async () => {
      const { p, q, t, tapAtRouter } = await heldForChoice('1');
      await redis.hset(keys.workflow(p, q.workflowId), 'status', 'cancelled');
      await handOff(p, 'router', [decided(tapAtRouter, chooseDecision(tapAtRouter, { choice: 'claim_status' }))]);
      expect(await wf(p, q.workflowId)).to.include({ status: 'cancelled' });
      expect(await wf(p, t.workflowId)).to.include({ workflow_type: 'claim-status', status: 'started' });
      expect((await entries(keys.stream(p, 'truth'))).map((e) => e.f.wf)).to.deep.equal([t.workflowId]);
      expect(await redis.xlen(keys.stream(p, 'router'))).to.equal(0);
    });

    it('a newer unclear question supersedes one held for a choice', async () => {
      const { p, phone, q, tapAtRouter } = await heldForChoice('hmm');
      const payload = { ...tapAtRouter.envelope.payload, language: 'EN' as const };
      await handOff(p, 'router', [decided(tapAtRouter, {
        kind: 'forward', to: 'policy', status: 'awaiting_choice',
        payload: { ...payload, reply: { template: 'clarify', vars: {}, choices: true }, afterSend: 'awaiting_choice' },
        audit: { type: 'intent.unclear' }, effects: [{ type: 'choice.park', payload }],
      })]);
      expect(await wf(p, q.workflowId)).to.include({ status: 'cancelled', outcome: 'superseded' });
      expect(await redis.hget(consentKey(p, phone), 'parked')).to.equal(tapAtRouter.envelope.workflowId);
    });

    it('a malformed op fails the whole call before anything is written', async () => {
      const phone = phoneFor(1);
      const a = await atConsent(phone, 'wamid.malformed', 'claim status');
      const { p } = a;
      const before = await wf(p, a.workflowId);
      const auditBefore = await redis.xlen(keys.audit(p));
      const call = buildHandoff(keys, p, 'consent', [decided(a.c, { kind: 'forward', to: 'router', payload: a.c.envelope.payload, audit: { type: 'consent.on_file' } })], tick(), new Map());
      delete call.ops[0]!.payload;
      const failure = await runHandoff(redis, call, keys.group('consent'), tick(), p, allowedTransitions).catch((e: Error) => e);
      expect(failure).to.be.instanceOf(Error);
      expect((failure as Error).message).to.match(/missing payload/);
      expect(await wf(p, a.workflowId)).to.deep.equal(before);
      expect(await redis.xlen(keys.audit(p))).to.equal(auditBefore);
      expect(await pendingCount(p, 'consent')).to.equal(1);
      // The entry is still there to be handed off properly.
      applied((await handOff(p, 'consent', [decided(a.c, { kind: 'forward', to: 'router', payload: a.c.envelope.payload, audit: { type: 'consent.on_file' } })]))[0]);
      expect(await redis.xlen(keys.stream(p, 'router'))).to.equal(1);
    });

    it('an op of an unknown kind, chained or not, fails the whole call before anything is written', async () => {
      const a = await atConsent(phoneFor(2), 'wamid.unknown-kind', 'claim status');
      const { p } = a;
      const before = await wf(p, a.workflowId);
      const auditBefore = await redis.xlen(keys.audit(p));
      for (const kind of ['teleport', '+teleport', '+', '']) {
        const call = buildHandoff(keys, p, 'consent', [decided(a.c, { kind: 'forward', to: 'router', payload: a.c.envelope.payload, audit: { type: 'consent.on_file' } })], tick(), new Map());
        call.ops[0]!.kind = kind;
        const failure = await runHandoff(redis, call, keys.group('consent'), tick(), p, allowedTransitions).catch((e: Error) => e);
        expect(failure, kind).to.be.instanceOf(Error);
        expect((failure as Error).message, kind).to.match(/unknown kind|missing entry|do not fill|empty kind/);
      }
      expect(await wf(p, a.workflowId)).to.deep.equal(before);
      expect(await redis.xlen(keys.audit(p))).to.equal(auditBefore);
      expect(await pendingCount(p, 'consent')).to.equal(1);
    });

    it('a malformed transition table fails the whole call before anything is written, even when the first op needs no table', async () => {
      // The table is read only when an op changes a status (issue 15), but checked before any write.
      const phone = phoneFor(2);
      const a = await atConsent(phone, 'wamid.table-a', 'claim status');
      const b = await atConsent(phone, 'wamid.table-b', 'claim status');
      const { p } = a;
      const [beforeA, beforeB, auditBefore] = [await wf(p, a.workflowId), await wf(p, b.workflowId), await redis.xlen(keys.audit(p))];
      const call = buildHandoff(keys, p, 'consent', [
        decided(a.c, { kind: 'forward', to: 'router', payload: a.c.envelope.payload, audit: { type: 'consent.on_file' } }),
        decided(b.c, { kind: 'finish', status: 'completed', audit: { type: 'reply.sent' } }),
      ], tick(), new Map());
      const failure = await runHandoff(redis, call, keys.group('consent'), tick(), p, '{not json').catch((e: Error) => e);
      expect(failure).to.be.instanceOf(Error);
      // The script itself refuses a table not written as |from>to| pairs (here the JSON form), before any write.
      const packed = packOps(call.ops);
      const raw = await redis.handoff(call.keys.length, ...call.keys, keys.group('consent'), tick(), p, packed.count, allowedTransitions, 'packed', ...packed.args)
        .catch((e: Error) => e);
      expect((raw as Error).message).to.match(/transition table/);
      expect(await wf(p, a.workflowId)).to.deep.equal(beforeA);
      expect(await wf(p, b.workflowId)).to.deep.equal(beforeB);
      expect(await redis.xlen(keys.audit(p))).to.equal(auditBefore);
      expect(await redis.xlen(keys.stream(p, 'router'))).to.equal(0);
      expect(await pendingCount(p, 'consent')).to.equal(2);
    });

    it('consent resume with a patch: the held payload continues with the patch merged', async () => {
      const { p, phone, a, y } = await parkedAndAnswer('NO');
      const patch: Partial<WorkflowPayload> = { language: 'EN', reply: { template: 'consent_declined', vars: {} }, afterSend: 'cancelled' };
      await handOff(p, 'consent', [decided(y.c, {
        kind: 'finish', status: 'completed', audit: { type: 'consent.declined' },
        effects: [{ type: 'consent.set', state: 'declined' }, { type: 'consent.resume', to: 'policy', status: 'started', patch }],
      })]);
      expect(await redis.hget(consentKey(p, phone), 'state')).to.equal('declined');
      const policy = await entries(keys.stream(p, 'policy'));
      expect(policy).to.have.length(1);
      expect(policy[0]!.f.wf).to.equal(a.workflowId);
      expect(JSON.parse(policy[0]!.f.payload!)).to.deep.equal({ ...a.c.envelope.payload, ...patch });
    });
  });

  // --- handoff: decisions made in TypeScript, re-checked by the script ---------------------

  describe('handoff: a decision whose state moved since the stage read it writes nothing, and the stage decides again', () => {
    const mediaOf = (n: number) => ({ id: `media-${n}`, kind: 'image' });
    const pending: PendingDocument[] = [{ code: 'discharge_summary', name: 'Discharge summary' }, { code: 'bill', name: 'Final bill' }];
    const hour = 3600_000;

    /** The stage context the truth stage runs with here: the real pending-documents port on this Redis, a fake CMS. */
    function stageContext(phone: string) {
      const port = new PendingDocuments(redis, keys, { stageEntryForm: 'packed', pendingDocsWaitMs: 72 * hour, pendingDocsReminderMs: [24 * hour, 48 * hour] } as Config);
      const ctx = fakeStageContext({ claims: [claimOf({ claim_id: 'CLM-1', claimant_phone: phone, status: 'DOCUMENTS_PENDING' })], pendingDocuments: { 'CLM-1': pending }, now: clock });
      ctx.pendingDocs = port;
      ctx.now = () => clock;
      return ctx;
    }

    /** The truth stage's decision for this entry, made now, on what it reads now. */
    async function decide(d: Delivered, phone: string): Promise<Outcome> {
      return decided(d, await truth.handle({ ...d.envelope, stage: 'truth' }, stageContext(phone)));
    }

    /** A pending-documents follow-up of claim CLM-1 in `awaiting_documents`, listed as the claimant's and named by the claim's pointer. */
    async function waitingFollowUp(phone: string): Promise<string> {
      const p = keys.partitionOf(tenant, phone);
      const id = keys.newWorkflowId(p);
      await redis.hset(keys.workflow(p, id), {
        workflow_id: id, tenant_id: tenant, workflow_type: 'pending-documents', status: 'awaiting_documents', seq: '4',
        claim_id_hash: phiHash('CLM-1'), pd_pending: JSON.stringify(pending), pd_received: '{}', audit: '',
      });
      await redis.zadd(keys.pendingDocsByClaimant(p, tenant, sha256Hex(phone)), tick(), id);
      await redis.set(keys.pendingDocsByClaim(p, tenant, sha256Hex('CLM-1')), id);
      return id;
    }

    /** `count` claimant files, delivered (as the truth stage gets them after the router). */
    async function files(phone: string, count: number): Promise<Delivered[]> {
      for (let n = 1; n <= count; n++) await ingest(phone, `wamid.file${n}`, '');
      const delivered = await deliver(keys.partitionOf(tenant, phone), 'gateway');
      expect(delivered).to.have.length(count);
      return delivered.map((d, i) => ({ ...d, envelope: { ...d.envelope, payload: { ...d.envelope.payload, intent: 'documents_upload', media: mediaOf(i + 1) } as WorkflowPayload } }));
    }

    /** `count` follow-ups of claim CLM-1 at their first step (a CMS event's). */
    async function firstSteps(phone: string, count: number): Promise<Delivered[]> {
      for (let n = 1; n <= count; n++) await ingest(phone, `wamid.start${n}`, '');
      const delivered = await deliver(keys.partitionOf(tenant, phone), 'gateway');
      return delivered.map((d) => ({ ...d, envelope: { ...d.envelope, payload: { ...d.envelope.payload, intent: 'pending_documents', pdStep: 'start', claimId: 'CLM-1' } as PendingDocumentsPayload } }));
    }

    async function receivedEvents(p: number): Promise<Record<string, unknown>[]> {
      return (await auditEntries(p)).filter((e) => e.f.type === 'documents.received').map((e) => JSON.parse(e.f.detail!) as Record<string, unknown>);
    }

    /** Hands off `outcomes`; asserts which were `moved`, and that those wrote nothing: their records as before, no entry, no event. */
    async function handOffExpectingMoved(p: number, stage: StageName, outcomes: Outcome[], moved: number[]): Promise<void> {
      const ids = outcomes.map((o) => o.envelope!.workflowId);
      const before = await Promise.all(ids.map((id) => wf(p, id)));
      const events = (await auditEntries(p)).length;
      const results = await handOff(p, stage, outcomes);
      expect(results.map((r, i) => (r.kind === 'moved' ? i : -1)).filter((i) => i >= 0)).to.deep.equal(moved);
      for (const i of moved) expect(await wf(p, ids[i]!), `op ${i} wrote nothing`).to.deep.equal(before[i]);
      expect((await auditEntries(p)).length).to.equal(events + outcomes.length - moved.length);
    }

    it('documents: the file fills the document the stage chose from the follow-up it read', async () => {
      const phone = phoneFor(1);
      const p = keys.partitionOf(tenant, phone);
      const target = await waitingFollowUp(phone);
      const [file] = await files(phone, 1);
      const outcome = await decide({ ...file!, envelope: { ...file!.envelope, payload: { ...file!.envelope.payload, text: 'final bill' } } }, phone);
      applied((await handOff(p, 'truth', [outcome]))[0]);
      expect(JSON.parse((await wf(p, target)).pd_received!)).to.deep.equal({ bill: 'media-1' });
      expect(await receivedEvents(p)).to.deep.equal([{
        media_id: 'media-1', media_kind: 'image', mime: null, pending_docs_workflow_id: target, accepted: true, document: 'bill', complete: false,
        // (the file's message had no earlier events: no message_event_ids)
        message_workflow_id: file!.envelope.workflowId,
      }]);
    });

    it('documents, race: two files of one batch chose the same document; the second is moved, decided again, and fills the next one', async () => {
      const phone = phoneFor(2);
      const p = keys.partitionOf(tenant, phone);
      const target = await waitingFollowUp(phone);
      const [one, two] = await files(phone, 2);
      // Both read the follow-up before either was recorded: both chose the discharge summary.
      const outcomes = [await decide(one!, phone), await decide(two!, phone)];
      await handOffExpectingMoved(p, 'truth', outcomes, [1]);
      expect(JSON.parse((await wf(p, target)).pd_received!)).to.deep.equal({ discharge_summary: 'media-1' });
      applied((await handOff(p, 'truth', [await decide(two!, phone)]))[0]);
      expect(JSON.parse((await wf(p, target)).pd_received!)).to.deep.equal({ discharge_summary: 'media-1', bill: 'media-2' });
      expect((await receivedEvents(p)).map((e) => [e.document, e.complete, e.accepted])).to.deep.equal([['discharge_summary', false, true], ['bill', true, true]]);
      expect((await wf(p, target)).documents_received).to.equal('2');
    });

    it('documents, race: the follow-up stopped waiting since the stage read it; decided again, the file is forwarded late, not recorded', async () => {
      const phone = phoneFor(3);
      const p = keys.partitionOf(tenant, phone);
      const target = await waitingFollowUp(phone);
      const [file] = await files(phone, 1);
      const outcome = await decide(file!, phone);
      // A partner's cancel between the read and the hand-off: status and step moved.
      await redis.hset(keys.workflow(p, target), 'status', 'cancelled', 'seq', '5');
      await handOffExpectingMoved(p, 'truth', [outcome], [0]);
      applied((await handOff(p, 'truth', [await decide(file!, phone)]))[0]);
      expect(JSON.parse((await wf(p, target)).pd_received!)).to.deep.equal({});
      expect(await receivedEvents(p)).to.deep.equal([{ media_id: 'media-1', media_kind: 'image', mime: null, pending_docs_workflow_id: target, accepted: false }]);
    });

    async function expectJoined(p: number, d: Delivered, open: string): Promise<void> {
      const record = await wf(p, d.envelope.workflowId);
      expect(record).to.include({ outcome: 'joined', pending_docs_workflow_id: open, status: 'started' });
      expect(record).not.to.have.property('wait_timer');
      expect(await redis.get(keys.pendingDocsByClaim(p, tenant, sha256Hex('CLM-1')))).to.equal(open);
      const policy = await entries(keys.stream(p, 'policy'));
      expect(JSON.parse(policy.at(-1)!.f.payload!)).to.include({ afterSend: 'completed' });
    }

    it('join: the follow-up the stage found open is still open; this one joins it and does not wait', async () => {
      const phone = phoneFor(0);
      const p = keys.partitionOf(tenant, phone);
      const open = await waitingFollowUp(phone);
      const [d] = await firstSteps(phone, 1);
      applied((await handOff(p, 'truth', [await decide(d!, phone)]))[0]);
      await expectJoined(p, d!, open);
      expect(await redis.zcard(keys.workflowTimers(p))).to.equal(0);
    });

    it('join, race: the stage found none open, but one opened since; moved, and decided again it joins it', async () => {
      const phone = phoneFor(1);
      const p = keys.partitionOf(tenant, phone);
      const [d] = await firstSteps(phone, 1);
      const outcome = await decide(d!, phone);
      const open = await waitingFollowUp(phone);
      await handOffExpectingMoved(p, 'truth', [outcome], [0]);
      expect(await redis.zcard(keys.workflowTimers(p))).to.equal(0);
      applied((await handOff(p, 'truth', [await decide(d!, phone)]))[0]);
      await expectJoined(p, d!, open);
    });

    it('join, race: two follow-ups of one claim in one batch, neither saw the other; the second, decided again, joins the first', async () => {
      const phone = phoneFor(2);
      const p = keys.partitionOf(tenant, phone);
      const [first, second] = await firstSteps(phone, 2);
      const outcomes = [await decide(first!, phone), await decide(second!, phone)];
      await handOffExpectingMoved(p, 'truth', outcomes, [1]);
      expect(await wf(p, first!.envelope.workflowId)).to.include({ status: 'started' }).and.not.have.property('outcome');
      expect((await wf(p, first!.envelope.workflowId)).wait_timer).to.match(/\|reminder:1$/);
      applied((await handOff(p, 'truth', [await decide(second!, phone)]))[0]);
      await expectJoined(p, second!, first!.envelope.workflowId);
      expect(await redis.zcard(keys.workflowTimers(p))).to.equal(1);
    });

    it('join, race: the follow-up the stage joined has ended since; moved, and decided again this one waits', async () => {
      const phone = phoneFor(3);
      const p = keys.partitionOf(tenant, phone);
      const ended = await waitingFollowUp(phone);
      const [d] = await firstSteps(phone, 1);
      const outcome = await decide(d!, phone);
      await redis.hset(keys.workflow(p, ended), 'status', 'completed');
      await handOffExpectingMoved(p, 'truth', [outcome], [0]);
      applied((await handOff(p, 'truth', [await decide(d!, phone)]))[0]);
      const record = await wf(p, d!.envelope.workflowId);
      expect(record).to.include({ pd_pending: JSON.stringify(pending) });
      expect(record.wait_timer).to.match(/\|reminder:1$/);
      expect(record).not.to.have.property('outcome');
      expect(record).not.to.have.property('pending_docs_workflow_id');
      expect(await redis.get(keys.pendingDocsByClaim(p, tenant, sha256Hex('CLM-1')))).to.equal(d!.envelope.workflowId);
      expect(await redis.zcard(keys.workflowTimers(p))).to.equal(1);
      const [next] = await entries(keys.stream(p, 'policy'));
      expect(JSON.parse(next!.f.payload!)).to.include({ afterSend: 'awaiting_documents' });
    });

    it('supersede, race: two questions of one batch both read the same held one; the second, moved, reads again and supersedes the first', async () => {
      const phone = phoneFor(0);
      const a = await atConsent(phone, 'wamid.held', 'status of claim one');
      const { p } = a;
      await handOff(p, 'consent', [decided(a.c, parkDecision(a.c.envelope.payload))]);
      const b = await atConsent(phone, 'wamid.second', 'status of claim two');
      const c = await atConsent(phone, 'wamid.third', 'status of claim three');
      // Both read A as the held question before the hand-off: both ops name A.
      const outcomes = [b, c].map((m) => decided(m.c, parkDecision(m.c.envelope.payload)));
      const call = buildHandoff(keys, p, 'consent', outcomes, tick(), await heldFor(p, outcomes));
      expect(call.ops.map((op) => (op.supersede as { workflow_id: string }).workflow_id)).to.deep.equal([a.workflowId, a.workflowId]);
      const results = await runHandoff(redis, call, keys.group('consent'), tick(), p, allowedTransitions);
      expect(results.map((r) => r.kind)).to.deep.equal(['applied', 'moved']);
      // The worker reads the held question again (B now) and hands the same decision off.
      applied((await handOff(p, 'consent', [outcomes[1]!]))[0]);
      expect(await wf(p, a.workflowId)).to.include({ status: 'cancelled', outcome: 'superseded' });
      expect(await wf(p, b.workflowId)).to.include({ status: 'cancelled', outcome: 'superseded' });
      expect(await wf(p, c.workflowId)).to.include({ status: 'awaiting_consent' });
      expect(await redis.hget(consentKey(p, phone), 'parked')).to.equal(c.workflowId);
      const superseded = (await auditEntries(p)).filter((e) => e.f.type === 'workflow.superseded')
        .map((e) => [e.f.workflow_id, (JSON.parse(e.f.detail!) as { superseded_by: string }).superseded_by]);
      expect(superseded).to.deep.equal([[a.workflowId, b.workflowId], [b.workflowId, c.workflowId]]);
    });

    it('supersede, race: the question the worker named is no longer held (answered meanwhile); moved, and read again nothing is closed', async () => {
      const phone = phoneFor(1);
      const a = await atConsent(phone, 'wamid.held', 'status of claim one');
      const { p } = a;
      await handOff(p, 'consent', [decided(a.c, parkDecision(a.c.envelope.payload))]);
      const b = await atConsent(phone, 'wamid.second', 'status of claim two');
      const outcomes = [decided(b.c, parkDecision(b.c.envelope.payload))];
      const now = tick();
      const call = buildHandoff(keys, p, 'consent', outcomes, now, await heldFor(p, outcomes));
      expect(call.ops[0]!.supersede).to.deep.equal({ workflow_id: a.workflowId, key: keys.workflow(p, a.workflowId) });
      // Between the worker's read and its hand-off, A's question is answered: no longer parked.
      await redis.hdel(consentKey(p, phone), 'parked', 'parked_payload', 'parked_status');
      expect((await runHandoff(redis, call, keys.group('consent'), now, p, allowedTransitions))[0]).to.deep.equal({ kind: 'moved' });
      expect(await redis.hget(consentKey(p, phone), 'parked')).to.equal(null);
      applied((await handOff(p, 'consent', outcomes))[0]);
      expect(await wf(p, a.workflowId)).to.include({ status: 'awaiting_consent', seq: '2' });
      expect((await auditEntries(p)).filter((e) => e.f.type === 'workflow.superseded')).to.have.length(0);
      expect(await redis.hget(consentKey(p, phone), 'parked')).to.equal(b.workflowId);
    });

    it('supersede: the question the worker named is still parked but no longer waiting; it is not closed', async () => {
      const phone = phoneFor(2);
      const a = await atConsent(phone, 'wamid.held', 'status of claim one');
      const { p } = a;
      await handOff(p, 'consent', [decided(a.c, parkDecision(a.c.envelope.payload))]);
      const b = await atConsent(phone, 'wamid.second', 'status of claim two');
      await redis.hset(keys.workflow(p, a.workflowId), 'status', 'completed');
      applied((await handOff(p, 'consent', [decided(b.c, parkDecision(b.c.envelope.payload))]))[0]);
      expect(await wf(p, a.workflowId)).to.include({ status: 'completed', seq: '2' }).and.not.have.property('outcome');
      expect(await redis.hget(consentKey(p, phone), 'parked')).to.equal(b.workflowId);
    });
  });

  // --- fireTimers -------------------------------------------------------------------------

  describe('fireTimers', () => {

    function timer(p: number, stage: StageName, workflowId: string, attempt = 1): { member: string; fields: string[] } {
      const fields = encodeFields('packed', workflowId, tenant, 1, attempt, JSON.stringify(messagePayload(phoneFor(p), `wamid.${workflowId}`, 'hi', clock)));
      return { member: JSON.stringify({ id: `retry:${workflowId}:${attempt}`, stream: keys.stream(p, stage), fields }), fields };
    }

    it('moves timers due at or before now into their streams; a later one stays', async () => {
      const p = 2;
      const now = tick();
      const early = timer(p, 'consent', keys.newWorkflowId(p));
      const exact = timer(p, 'router', keys.newWorkflowId(p));
      const later = timer(p, 'truth', keys.newWorkflowId(p));
      await redis.zadd(keys.timers(p), now - 1000, early.member, now, exact.member, now + 60000, later.member);

      expect(await runFireTimers(redis, keys, p, now, 500)).to.equal(2);
      expect((await entries(keys.stream(p, 'consent'))).map((e) => e.f)).to.deep.equal([readStageEntry(early.fields)]);
      expect((await entries(keys.stream(p, 'router'))).map((e) => e.f)).to.deep.equal([readStageEntry(exact.fields)]);
      expect(await redis.xlen(keys.stream(p, 'truth'))).to.equal(0);
      expect(await redis.zrange(keys.timers(p), 0, -1)).to.deep.equal([later.member]);

      // Nothing fires twice; the later timer fires when its time comes.
      expect(await runFireTimers(redis, keys, p, now, 500)).to.equal(0);
      expect(await runFireTimers(redis, keys, p, now + 60000, 500)).to.equal(1);
      expect((await entries(keys.stream(p, 'truth'))).map((e) => e.f)).to.deep.equal([readStageEntry(later.fields)]);
      expect(await redis.zcard(keys.timers(p))).to.equal(0);
      expect(await redis.xlen(keys.stream(p, 'consent'))).to.equal(1);
    });

    it('sets a timer that cannot fire aside with its error, and the timers behind it still fire', async () => {
      const p = 1;
      const now = tick();
      const good = timer(p, 'router', keys.newWorkflowId(p));
      await redis.zadd(keys.timers(p), now - 2000, 'not json at all', now - 1000, good.member);
      expect(await runFireTimers(redis, keys, p, now, 500)).to.equal(2);
      expect((await entries(keys.stream(p, 'router'))).map((e) => e.f)).to.deep.equal([readStageEntry(good.fields)]);
      expect(await redis.zcard(keys.timers(p))).to.equal(0);
      const [dead] = await entries(keys.deadTimers(p));
      expect(dead!.f).to.include({ timer: 'not json at all' });
      expect(dead!.f.error).to.be.a('string').and.not.equal('');
    });

    it('two schedulers firing the same due timers at once fire each exactly once', async () => {
      const p = 3;
      const now = tick();
      const count = 150;
      const ids = Array.from({ length: count }, () => keys.newWorkflowId(p));
      const args: (string | number)[] = [];
      ids.forEach((id, i) => args.push(now - i, timer(p, 'truth', id).member));
      await redis.zadd(keys.timers(p), ...args);

      // As Scheduler.fireDue loops, with a small batch so the two interleave.
      const scheduler = async (connection: Redis) => {
        let total = 0;
        for (;;) {
          const fired = await runFireTimers(connection, keys, p, now, 7);
          total += fired;
          if (fired < 7) return total;
        }
      };
      const totals = await Promise.all([scheduler(redis), scheduler(other), scheduler(redis), scheduler(other)]);
      expect(totals.reduce((a, b) => a + b, 0)).to.equal(count);

      const fired = await entries(keys.stream(p, 'truth'));
      expect(fired).to.have.length(count);
      const perWorkflow = new Map<string, number>();
      for (const e of fired) perWorkflow.set(e.f.wf!, (perWorkflow.get(e.f.wf!) ?? 0) + 1);
      expect([...perWorkflow.keys()].sort()).to.deep.equal([...ids].sort());
      expect([...perWorkflow.values()].every((n) => n === 1)).to.equal(true);
      expect(await redis.zcard(keys.timers(p))).to.equal(0);
    });
  });

  // --- redriveDeadLetter ------------------------------------------------------------------

  describe('redriveDeadLetter', () => {
    for (const form of ['packed', 'fields'] as const) {
      it(`puts a dead letter (${form} entry) back on its stage stream without the dead-letter fields, at attempt 0`, async () => {
        const p = 1;
        const workflowId = keys.newWorkflowId(p);
        const payload = JSON.stringify(messagePayload(phoneFor(p), 'wamid.redrive', 'claim status', clock));
        const original = encodeFields(form, workflowId, tenant, 4, 3, payload);
        // As the hand-off writes it (buildHandoff's dlq_fields).
        const deadId = await redis.xadd(keys.deadLetters(p, 'truth'), '*', ...original, 'reason', 'cms down', 'error_code', 'cms_unavailable',
          'stage', 'truth', 'failed_at', String(clock), 'deliveries', '6', 'source_id', '1-0');
        const keep = await redis.xadd(keys.deadLetters(p, 'truth'), '*', ...encodeFields(form, keys.newWorkflowId(p), tenant, 0, 0, payload), 'reason', 'x');

        const redriven = await runRedriveDeadLetter(redis, keys, p, 'truth', deadId!);
        expect(redriven.kind).to.equal('redriven');
        const newId = redriven.kind === 'redriven' ? redriven.streamId : null;

        const stream = (await redis.xrange(keys.stream(p, 'truth'), '-', '+')) as StreamEntry[];
        expect(stream).to.have.length(1);
        expect(stream[0]![0]).to.equal(newId);
        // The entry keeps its form: packed, its attempt part reset; fields, `attempt` moved last.
        expect(stream[0]![1]).to.deep.equal(form === 'packed'
          ? ['w1', `${workflowId}\n${tenant}\n4\n0\n${payload}`]
          : ['wf', workflowId, 'tenant', tenant, 'seq', '4', 'payload', payload, 'attempt', '0']);
        expect(decodeEnvelope('truth', stream[0]![1])).to.include({ workflowId, seq: 4, attempt: 0 });

        expect((await entries(keys.deadLetters(p, 'truth'))).map((e) => e.id)).to.deep.equal([keep]);
        await redis.del(keys.stream(p, 'truth'), keys.deadLetters(p, 'truth'));
      });
    }

    it('refuses a packed dead letter cut short, and changes nothing', async () => {
      const p = 1;
      const deadId = await redis.xadd(keys.deadLetters(p, 'truth'), '*', 'w1', `${keys.newWorkflowId(p)}\n${tenant}\n4`, 'reason', 'x');
      const failure = await runRedriveDeadLetter(redis, keys, p, 'truth', deadId!).catch((e: Error) => e);
      expect(failure).to.be.instanceOf(Error);
      expect((failure as Error).message).to.match(/packed entry cut short/);
      expect(await redis.xlen(keys.stream(p, 'truth'))).to.equal(0);
      expect(await redis.xlen(keys.deadLetters(p, 'truth'))).to.equal(1);
      await redis.del(keys.deadLetters(p, 'truth'));
    });

    it('an unknown id is missing and changes nothing', async () => {
      const p = 0;
      const existing = await redis.xadd(keys.deadLetters(p, 'outbound'), '*', ...encodeFields('packed', keys.newWorkflowId(p), tenant, 0, 0, '{}'), 'reason', 'x');
      expect(await runRedriveDeadLetter(redis, keys, p, 'outbound', '1-1')).to.deep.equal({ kind: 'missing' });
      expect(await redis.exists(keys.stream(p, 'outbound'))).to.equal(0);
      expect((await entries(keys.deadLetters(p, 'outbound'))).map((e) => e.id)).to.deep.equal([existing]);
    });

    it('a workflow dead-lettered by the hand-off and redriven goes through and loses its error', async () => {
      const { p, workflowId, c } = await atConsent(phoneFor(2), 'wamid.roundtrip', 'claim status');
      await handOff(p, 'consent', [{ kind: 'dead', entryId: c.entryId, envelope: c.envelope, fields: c.fields, errorCode: 'cms_rejected', reason: 'cms said no', deliveries: 1 }]);
      const [dead] = await entries(keys.deadLetters(p, 'consent'));
      expect(await runRedriveDeadLetter(redis, keys, p, 'consent', dead!.id)).to.have.property('kind', 'redriven');

      const again = await deliverOne(p, 'consent');
      expect(again.envelope).to.deep.include({ workflowId, seq: c.envelope.seq, attempt: 0 });
      applied((await handOff(p, 'consent', [decided(again, { kind: 'forward', to: 'router', payload: again.envelope.payload, audit: { type: 'consent.on_file' } })]))[0]);
      const record = await wf(p, workflowId);
      expect(record).not.to.have.property('error');
      expect(record.seq).to.equal(String(c.envelope.seq + 1));
      expect(await redis.xlen(keys.deadLetters(p, 'consent'))).to.equal(0);
    });
  });
});
