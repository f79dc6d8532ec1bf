/**
 * Effectively-once replies against a real Redis (docs/workflows.md): the send record the outbound
 * stage keeps around each provider call (src/workflows/send-records.ts), the proof and delivery state
 * a provider status writes (src/redis/lua/recordDelivery-3.lua), and the two hand-off ops the recovering stage uses: `defer` (look again later,
 * unchanged, not counted as an attempt) and `note` (record a send at its step after the workflow
 * moved on). The stage's decisions themselves are unit-tested with a fake context
 * (test/unit/stages/outbound.test.ts), whose in-memory records this test holds to the same rules.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Decision, Envelope } from '../../pipeline/types';
import { createRedis, waitReady, type Redis } from '../../src/redis/connection';
import { Keys } from '../../src/redis/keys';
import { runBeginSend, runHandoff, runRecordDelivery } from '../../src/redis/scripts';
import { decodeEnvelope, encodeFields, type StreamEntry } from '../../src/runtime/envelope-codec';
import { buildHandoff } from '../../src/runtime/handoff-ops';
import { transitions } from '../../pipeline/workflows/transitions';
import { parseSendId, SendRecords, sendIdOf } from '../../src/workflows/send-records';
import { startPrivateRedis, type PrivateRedis } from '../helpers/redis';
import { auditRecords } from '../helpers/script-services';

const prefix = `sends-${randomBytes(6).toString('hex')}`;
const keys = new Keys(prefix, 4);
const allowed = JSON.stringify(Object.fromEntries(Object.entries(transitions).map(([from, tos]) => [from, Object.fromEntries(tos.map((to) => [to, true]))])));

describe('send records and the recovering hand-off ops against Redis', () => {
  let redis: Redis;
  let server: PrivateRedis;
  let sends: SendRecords;
  const wf = keys.newWorkflowId(2);
  const t0 = 1_800_000_000_000;
  /** The outbound stage's begin, for a workflow whose record is at step `seq` (begin checks it). */
  async function begin(seq: number, now: number) {
    await redis.hset(keys.workflow(2, wf), 'seq', String(seq));
    return sends.begin('acme', wf, seq, now);
  }

  /** A provider status of a send, as the status webhook routes record it. */
  const proof = (tenantId: string, sendId: string, providerMessageId: string, status: string, at = t0) =>
    sends.status(tenantId, sendId, { providerMessageId, status, at }, at);

  async function wipe(): Promise<void> {
    const found = await redis.keys(`${prefix}:*`);
    if (found.length > 0) await redis.del(...found);
  }

  before(async () => {
    // Its own server: a test counts the writes the scripts make (INFO commandstats), which other
    // test files running beside it on a shared Redis would add to.
    server = await startPrivateRedis();
    redis = createRedis(server.url, { name: 'send-records-test' });
    await waitReady(redis);
    sends = new SendRecords(redis, keys, { sendProofWaitMs: 30_000, sendProofPollMs: 1000, sendRecordSeconds: 3600 });
  });
  beforeEach(wipe);
  after(async () => {
    await redis.quit();
    await server.close();
  });

  it('begin answers a fresh record the first time and records the intent; later calls see it unchanged', async () => {
    expect(await begin(3, t0)).to.deep.equal({ attemptedAt: null, acceptedId: null, knownBy: null, lookingSince: null, firstOfWorkflow: true });
    expect(await begin(3, t0 + 5000)).to.deep.include({ attemptedAt: t0 });
    // Each step has its own record; the key expires with SEND_RECORD_SECONDS.
    expect((await sends.read('acme', wf, 4)).attemptedAt).to.equal(null);
    const ttl = await redis.pttl(keys.sendRecord(2, 'acme', wf));
    expect(ttl).to.be.within(3_590_000, 3_600_000);
  });

  it('begins nothing for a workflow that moved on or is gone: a send cannot be taken back', async () => {
    const key = keys.sendRecord(2, 'acme', wf);
    await redis.hset(keys.workflow(2, wf), 'seq', '6');
    expect(await sends.begin('acme', wf, 5, t0), 'moved on (a cancel, a deadline, a document)').to.equal(null);
    expect(await sends.begin('acme', wf, 7, t0), 'not yet at the step').to.equal(null);
    expect(await redis.exists(key), 'no intent written').to.equal(0);
    expect(await sends.begin('acme', wf, 6, t0)).to.deep.equal({ attemptedAt: null, acceptedId: null, knownBy: null, lookingSince: null, firstOfWorkflow: true });
    expect(await redis.hget(key, '6:at')).to.equal(String(t0));
    // The script's raw answer: the step's four fields as they were (the intent kept, not moved),
    // and '1': no reply of the workflow reached the provider yet (no `outbound_message_id`).
    expect(await runBeginSend(redis, keys, { partition: 2, tenantId: 'acme', workflowId: wf, seq: 6, now: t0 + 1, lifetimeMs: 3_600_000 })).to.deep.equal([String(t0), null, null, null, '1']);
    await redis.hset(keys.workflow(2, wf), 'outbound_message_id', 'wamid.earlier');
    expect(await runBeginSend(redis, keys, { partition: 2, tenantId: 'acme', workflowId: wf, seq: 6, now: t0 + 2, lifetimeMs: 3_600_000 })).to.deep.equal([String(t0), null, null, null]);
    expect(await sends.begin('acme', wf, 6, t0 + 2), 'a later reply is not the first').to.not.have.property('firstOfWorkflow');
    await redis.del(keys.workflow(2, wf));
    expect(await sends.begin('acme', wf, 6, t0 + 1), 'the workflow is gone').to.equal(null);
    expect(await redis.hget(key, '6:at'), 'an earlier intent is left as it was').to.equal(String(t0));
  });

  it('keeps the provider answer, forgets a refused intent, and restarts the wait on retake', async () => {
    await begin(1, t0);
    await sends.accepted('acme', wf, 1, 'wamid.A');
    expect(await sends.read('acme', wf, 1)).to.deep.equal({ attemptedAt: t0, acceptedId: 'wamid.A', knownBy: 'answer', lookingSince: null });

    await begin(2, t0);
    await sends.refused('acme', wf, 2);
    expect((await sends.read('acme', wf, 2)).attemptedAt).to.equal(null);

    await begin(5, t0);
    expect(await sends.lookingSince('acme', wf, 5, t0 + 100)).to.equal(t0 + 100);
    expect(await sends.lookingSince('acme', wf, 5, t0 + 900), 'the first look stands').to.equal(t0 + 100);
    await sends.retake('acme', wf, 5, t0 + 31_000);
    expect(await sends.read('acme', wf, 5)).to.deep.include({ attemptedAt: t0 + 31_000, lookingSince: null });
  });

  it("a status webhook's send id proves the send in its own tenant's record only; ids not ours are ignored", async () => {
    await begin(7, t0);
    expect(await proof('acme', sendIdOf(wf, 7), 'wamid.P', 'delivered')).to.deep.include({ proved: true });
    expect(await sends.read('acme', wf, 7)).to.deep.include({ acceptedId: 'wamid.P', knownBy: 'status_webhook' });
    // Another tenant's webhook naming our workflow writes its own record, never ours.
    await begin(8, t0);
    await proof('other', sendIdOf(wf, 8), 'wamid.X', 'sent');
    expect((await sends.read('acme', wf, 8)).acceptedId).to.equal(null);
    expect(await proof('acme', 'partner-campaign-42', 'wamid.Q', 'sent')).to.equal(null);
    expect(await proof('acme', 'wf-99-0123456789abcdef0123:1', 'wamid.Q', 'sent'), 'a partition this deployment has not').to.equal(null);
    expect(parseSendId(sendIdOf(wf, 12))).to.deep.equal({ workflowId: wf, seq: 12 });
  });

  it('writes a proof only while the record does not know the send: the first status proves it, later ones and a recorded answer write nothing', async () => {
    const key = keys.sendRecord(2, 'acme', wf);
    const written = async (since: number) => Number(/cmdstat_hset:calls=(\d+)/.exec(await redis.info('commandstats'))?.[1] ?? 0) - since;
    const hsets = async () => written(0);

    // No answer recorded (the worker died after the call): the first status is the proof.
    await begin(20, t0);
    await redis.pexpire(key, 1000);
    let before = await hsets();
    expect(await proof('acme', sendIdOf(wf, 20), 'wamid.S', 'sent')).to.deep.equal({ proved: true, moved: false, failed: false });
    expect(await written(before), 'the proof (this record has no tenant: no delivery state)').to.equal(1);
    expect(await redis.pttl(key), 'the proof sets the record\'s lifetime again').to.be.within(3_590_000, 3_600_000);
    before = await hsets();
    await redis.pexpire(key, 1000);
    for (const status of ['sent', 'delivered', 'read']) await proof('acme', sendIdOf(wf, 20), 'wamid.S', status);
    expect(await written(before), 'later statuses').to.equal(0);
    expect(await redis.pttl(key), 'nor set its lifetime again').to.be.at.most(1000);
    const record = await redis.hgetall(key);
    expect(record).to.include({ '20:proof': 'wamid.S', '20:proof_status': 'sent' });
    expect(await sends.read('acme', wf, 20)).to.deep.include({ acceptedId: 'wamid.S', knownBy: 'status_webhook' });

    // The answer recorded: the send is known, its statuses write nothing.
    await begin(21, t0);
    await sends.accepted('acme', wf, 21, 'wamid.T');
    before = await hsets();
    await proof('acme', sendIdOf(wf, 21), 'wamid.T', 'delivered');
    expect(await written(before)).to.equal(0);
    expect(await redis.hgetall(key)).not.to.have.any.keys('21:proof', '21:proof_status');
    expect(await sends.read('acme', wf, 21)).to.deep.include({ acceptedId: 'wamid.T', knownBy: 'answer' });

    // A status for a record that expired brings it back with the proof and a lifetime, never without one.
    await redis.del(key);
    await proof('acme', sendIdOf(wf, 22), 'wamid.U', 'read');
    expect(await redis.hgetall(key)).to.deep.equal({ '22:proof': 'wamid.U', '22:proof_status': 'read' });
    expect(await redis.pttl(key)).to.be.within(3_590_000, 3_600_000);
  });

  it("moves the workflow's delivery state only forward, and announces a send's failure once", async () => {
    const record = keys.workflow(2, wf);
    await redis.hset(record, 'tenant_id', 'acme', 'workflow_id', wf);
    await begin(30, t0);
    await sends.accepted('acme', wf, 30, 'wamid.V');
    const state = async () => redis.hmget(record, 'delivery_seq', 'delivery_status', 'delivery_error');
    expect(await proof('acme', sendIdOf(wf, 30), 'wamid.V', 'sent')).to.deep.equal({ proved: false, moved: true, failed: false });
    expect(await proof('acme', sendIdOf(wf, 30), 'wamid.V', 'read', t0 + 2)).to.deep.include({ moved: true });
    // Meta's webhooks may arrive out of order, or twice: an older or repeated state moves nothing.
    expect(await proof('acme', sendIdOf(wf, 30), 'wamid.V', 'delivered', t0 + 1)).to.deep.include({ moved: false });
    expect(await proof('acme', sendIdOf(wf, 30), 'wamid.V', 'read', t0 + 2)).to.deep.include({ moved: false });
    expect(await state()).to.deep.equal(['30', 'read', '']);
    // Another tenant's status naming this workflow changes nothing of it.
    expect(await proof('other', sendIdOf(wf, 31), 'wamid.X', 'failed')).to.deep.include({ moved: false, failed: false });

    // The next reply fails: the state moves to it, and one audit event says so, however often the status comes.
    await begin(31, t0);
    await sends.accepted('acme', wf, 31, 'wamid.W');
    const failed = (at: number) => sends.status('acme', sendIdOf(wf, 31), { providerMessageId: 'wamid.W', status: 'failed', at, errorCode: '131026' }, at);
    expect(await failed(t0 + 5)).to.deep.equal({ proved: false, moved: true, failed: true });
    expect(await failed(t0 + 6)).to.deep.equal({ proved: false, moved: false, failed: false });
    expect(await state()).to.deep.equal(['31', 'failed', '131026']);
    const events = await auditRecords(redis, keys.audit(2));
    expect(events).to.have.length(1);
    expect(events[0]!.f).to.include({ tenant: 'acme', workflow_id: wf, type: 'reply.delivery_failed', seq: '31' });
    expect(JSON.parse(events[0]!.f.detail!)).to.deep.equal({ step: 31, provider_status: 'failed', error_code: '131026' });
    expect((await redis.hget(record, 'audit'))!.split(',')).to.have.length(1);
  });

  it('after a crash between the provider call and its result, the first of a batch of statuses proves the send, once', async () => {
    const record = keys.workflow(2, wf);
    await redis.hset(record, 'tenant_id', 'acme', 'workflow_id', wf);
    // The intent is written, the worker dies in the call: no result.
    await begin(40, t0);
    expect(await sends.read('acme', wf, 40)).to.deep.include({ acceptedId: null, knownBy: null });
    // One webhook carrying several statuses (and Meta's repeat of one), taken together as the route does.
    const batch = ['sent', 'sent', 'delivered', 'read'];
    const changes = await Promise.all(batch.map((status, i) => proof('acme', sendIdOf(wf, 40), 'wamid.Y', status, t0 + i)));
    expect(changes.map((c) => c!.proved)).to.deep.equal([true, false, false, false]);
    expect(await sends.read('acme', wf, 40)).to.deep.include({ acceptedId: 'wamid.Y', knownBy: 'status_webhook' });
    expect(await redis.hmget(keys.sendRecord(2, 'acme', wf), '40:proof', '40:proof_status')).to.deep.equal(['wamid.Y', 'sent']);
    expect(await redis.hmget(record, 'delivery_seq', 'delivery_status')).to.deep.equal(['40', 'read']);
    // The worker that takes the entry over finds the proof and begins nothing new.
    expect(await sends.begin('acme', wf, 40, t0 + 10)).to.deep.include({ acceptedId: 'wamid.Y', knownBy: 'status_webhook' });
  });

  it('recordDelivery-3.lua through its wrapper: the keys it names, and a status that moves nothing writes nothing', async () => {
    await redis.hset(keys.workflow(2, wf), 'tenant_id', 'acme', 'workflow_id', wf);
    await begin(50, t0);
    const call = (status: string, at: number) => runRecordDelivery(redis, keys, {
      partition: 2, tenantId: 'acme', workflowId: wf, seq: 50, status, providerMessageId: 'wamid.Z', at, now: at, lifetimeMs: 3_600_000, errorCode: '',
    });
    expect(await call('delivered', t0 + 1)).to.deep.equal({ proved: true, moved: true, failed: false });
    const before = Number(/cmdstat_hset:calls=(\d+)/.exec(await redis.info('commandstats'))?.[1] ?? 0);
    expect(await call('sent', t0 + 2), 'an older status after a newer one').to.deep.equal({ proved: false, moved: false, failed: false });
    expect(Number(/cmdstat_hset:calls=(\d+)/.exec(await redis.info('commandstats'))?.[1] ?? 0) - before).to.equal(0);
    expect(await redis.hmget(keys.workflow(2, wf), 'delivery_seq', 'delivery_status')).to.deep.equal(['50', 'delivered']);
  });

  describe('hand-off ops', () => {
    const p = 2;
    const group = keys.group('outbound');
    const stream = keys.stream(p, 'outbound');

    /** An outbound entry of `wf` at step `seq`, read by the group; the workflow record at step `current`. */
    async function entryAt(seq: number, current: number): Promise<{ id: string; envelope: Envelope }> {
      await redis.hset(keys.workflow(p, wf), 'seq', String(current), 'status', 'started', 'tenant', 'acme');
      await redis.xgroup('CREATE', stream, group, '0', 'MKSTREAM').catch(() => undefined);
      await redis.xadd(stream, '*', ...encodeFields('packed', wf, 'acme', seq, 1, JSON.stringify({ channel: 'whatsapp', from: '+919800000001', text: 'x', receivedAt: t0 })));
      const reply = (await redis.xreadgroup('GROUP', group, 'c1', 'COUNT', 10, 'STREAMS', stream, '>')) as [string, StreamEntry[]][];
      const [id, fields] = reply[0]![1][0]!;
      return { id, envelope: decodeEnvelope('outbound', fields) };
    }
    const handOff = (id: string, envelope: Envelope, decision: Decision) =>
      runHandoff(redis, buildHandoff(keys, p, 'outbound', [{ kind: 'decided', entryId: id, envelope, decision }], t0, new Map()), group, t0, p, allowed);

    it('defer acks the entry and puts it back through a timer, unchanged, attempt not counted, even when the step moved on', async () => {
      const { id, envelope } = await entryAt(4, 6);
      expect(await handOff(id, envelope, { kind: 'defer', until: t0 + 1000, audit: { type: 'reply.awaiting_proof' } })).to.deep.equal([{ kind: 'retry' }]);
      expect(await redis.xlen(stream)).to.equal(0);
      const [member, due] = await redis.zrange(keys.timers(p), 0, -1, 'WITHSCORES');
      expect(Number(due)).to.equal(t0 + 1000);
      const timer = JSON.parse(member!) as { stream: string; fields: string[] };
      expect(timer.stream).to.equal(stream);
      expect(decodeEnvelope('outbound', timer.fields)).to.deep.include({ workflowId: wf, seq: 4, attempt: 1 });
      expect(await redis.xlen(keys.audit(p)), 'no ledger event for a wait').to.equal(0);
    });

    it('note records its audit event at the entry step, whatever step the workflow is at, and changes nothing else', async () => {
      const { id, envelope } = await entryAt(4, 6);
      const [result] = await handOff(id, envelope, { kind: 'note', audit: { type: 'reply.sent', detail: { kind: 'recovered', provider_message_id: 'wamid.L' } } });
      expect(result!.kind).to.equal('applied');
      const [{ f: event }] = await auditRecords(redis, keys.audit(p));
      expect(event).to.include({ type: 'reply.sent', seq: '4', workflow_id: wf, tenant: 'acme' });
      const record = await redis.hgetall(keys.workflow(p, wf));
      expect(record).to.include({ seq: '6', status: 'started' });
      expect(record.audit).to.equal(result!.kind === 'applied' ? result!.auditId : '');
      expect(await redis.xlen(stream)).to.equal(0);
    });

    it('a send already recorded at its step is not noted again (two workers handled the same entry)', async () => {
      await begin(4, t0);
      await sends.accepted('acme', wf, 4, 'wamid.R');
      const first = await entryAt(4, 4);
      const sent: Decision = { kind: 'finish', status: 'completed', audit: { type: 'reply.sent', detail: { kind: 'text', provider_message_id: 'wamid.R' } }, effects: [{ type: 'send.recorded' }] };
      const [recorded] = await handOff(first.id, first.envelope, sent);
      expect(recorded!.kind).to.equal('applied');
      expect((await redis.hgetall(keys.sendRecord(p, 'acme', wf)))['4:recorded']).to.equal(recorded!.kind === 'applied' ? recorded!.auditId : '');
      // The reclaimed copy finds the workflow moved on and the send proven: it would note it.
      const copy = await entryAt(4, 5);
      expect(await handOff(copy.id, copy.envelope, { kind: 'note', audit: { type: 'reply.sent', detail: { kind: 'recovered' } }, effects: [{ type: 'send.recorded' }] })).to.deep.equal([{ kind: 'stale' }]);
      expect(await redis.xlen(keys.audit(p)), 'one reply.sent').to.equal(1);
      expect(await redis.xlen(stream)).to.equal(0);
    });

    const sentDecision: Decision = { kind: 'wait', status: 'awaiting_documents', audit: { type: 'reply.sent', detail: { kind: 'template', provider_message_id: 'wamid.M' } }, effects: [{ type: 'send.recorded' }] };

    it('a send whose workflow moved on while the provider held it is recorded at its step, once, by the hand-off that drops its decision', async () => {
      await begin(4, t0);
      await sends.accepted('acme', wf, 4, 'wamid.M');
      // A reminder fired at the workflow's step while the call was out: the record is at step 6.
      const { id, envelope } = await entryAt(4, 6);
      expect(await handOff(id, envelope, sentDecision)).to.deep.equal([{ kind: 'stale' }]);
      const [{ id: eventId, f: event }] = await auditRecords(redis, keys.audit(p));
      expect(event).to.include({ type: 'reply.sent', seq: '4', workflow_id: wf });
      expect(JSON.parse(event.detail)).to.deep.equal({ kind: 'template', provider_message_id: 'wamid.M', after_workflow_moved_on: 'true' });
      const record = await redis.hgetall(keys.workflow(p, wf));
      expect(record).to.include({ seq: '6', status: 'started' });
      expect(record.audit).to.equal(`ae-${p}-${eventId}`);
      expect((await redis.hgetall(keys.sendRecord(p, 'acme', wf)))['4:recorded']).to.equal(`ae-${p}-${eventId}`);
      expect((await redis.xpending(stream, group))[0], 'its entry acked').to.equal(0);
      // The entry's other copy (a reclaim) finds it recorded: nothing more, whether it steps or notes.
      const copy = await entryAt(4, 6);
      expect(await handOff(copy.id, copy.envelope, sentDecision)).to.deep.equal([{ kind: 'stale' }]);
      expect(await handOff(copy.id, copy.envelope, { kind: 'note', audit: { type: 'reply.sent', detail: { kind: 'recovered' } }, effects: [{ type: 'send.recorded' }] })).to.deep.equal([{ kind: 'stale' }]);
      expect(await redis.xlen(keys.audit(p)), 'one reply.sent').to.equal(1);
    });

    it('a send refused its transition at the same step (a release meanwhile) is recorded there too; nothing for a send the record no longer holds', async () => {
      await begin(4, t0);
      await sends.accepted('acme', wf, 4, 'wamid.M');
      const { id, envelope } = await entryAt(4, 4);
      await redis.hset(keys.workflow(p, wf), 'status', 'completed');
      const [refused] = await handOff(id, envelope, sentDecision);
      expect(refused).to.deep.equal({ kind: 'illegal', from: 'completed', to: 'awaiting_documents' });
      expect((await auditRecords(redis, keys.audit(p))).map((r) => r.f.type)).to.deep.equal(['reply.sent']);
      // An erasure deleted the send record: the dropped decision records nothing for that claimant.
      await wipe();
      const erased = await entryAt(4, 6);
      expect(await handOff(erased.id, erased.envelope, sentDecision)).to.deep.equal([{ kind: 'stale' }]);
      expect(await redis.xlen(keys.audit(p))).to.equal(0);
      expect(await redis.exists(keys.sendRecord(p, 'acme', wf))).to.equal(0);
    });
  });
});
