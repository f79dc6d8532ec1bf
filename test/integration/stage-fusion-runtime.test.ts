/**
 * Stage fusion in the runtime (src/runtime/stage-worker.ts, handoff.lua's chained ops) against a
 * real Redis, with three stage workers of stages written here (gateway -> consent -> router, which
 * finishes), so that each test can make a stage forward plainly, set a patch, or fail. What each
 * checks is what an operator sees in Redis: the workflow record, the partition's audit events, and
 * which stage streams ever got an entry.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Decision, Envelope, Stage, StageContext, WorkflowPatch, WorkflowPayload } from '../../pipeline/types';
import type { OperationalMode, StageName } from '../../pipeline/vocabulary';
import { systemClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { AppError } from '../../src/errors';
import { createLogger } from '../../src/logger';
import { Metrics } from '../../src/metrics';
import { createRedis, waitReady, type Redis } from '../../src/redis/connection';
import { Keys } from '../../src/redis/keys';
import { packOps, runHandoff, runIngestInbound, transitionPairs } from '../../src/redis/scripts';
import { buildHandoff, type Outcome } from '../../src/runtime/handoff-ops';
import { readStageEntry } from '../../src/runtime/envelope-codec';
import { fusedStageLookup, StageWorker } from '../../src/runtime/stage-worker';
import { transitions } from '../../pipeline/workflows/transitions';
import { startPrivateRedis, testRedisUrl, type PrivateRedis } from '../helpers/redis';
import { auditRecords } from '../helpers/script-services';
import { waitFor } from '../helpers/wait';

const chain: StageName[] = ['gateway', 'consent', 'router'];
const allowedTransitions = JSON.stringify(Object.fromEntries(
  Object.entries(transitions).map(([from, tos]) => [from, Object.fromEntries(tos.map((to) => [to, true]))]),
));

/** How each test's stages decide: `behave(stage, envelope)` returns a decision or throws. */
type Behaviour = (stage: StageName, envelope: Envelope, ctx: StageContext) => Decision | Promise<Decision>;

const plainForward = (stage: StageName, envelope: Envelope): Decision => {
  const to = chain[chain.indexOf(stage) + 1];
  return to
    ? { kind: 'forward', to, payload: { ...envelope.payload, passed: [...((envelope.payload as { passed?: string[] }).passed ?? []), stage] } as unknown as WorkflowPayload, audit: { type: `test.${stage}` } }
    : { kind: 'finish', status: 'completed', patch: { outcome: ((envelope.payload as { passed?: string[] }).passed ?? []).join('>') }, audit: { type: `test.${stage}` } };
};

describe('stage fusion in the runtime (one Redis)', function () {
  this.timeout(20000);
  let redis: Redis;
  let keys: Keys;
  let workers: StageWorker[] = [];
  const blocking: Redis[] = [];
  const config = () => loadConfig({}, {
    redisUrl: testRedisUrl(), keyPrefix: `fusion-${randomBytes(5).toString('hex')}`, partitions: 2, blockMs: 50, reclaimIdleMs: 1000,
    retryBaseMs: 20, retryMaxMs: 100, logLevel: 'silent', environment: 'test',
  });

  /** `noRecord`: stages declared as reading no workflow record (`readsWorkflowRecord: false`), or
   *  answering it per entry (a function of the payload, as the step stages do). `ctx`: the stages'
   *  context (none by default); `beforeWorkers`: run once Redis is connected, before any worker reads. */
  async function start(
    fusion: boolean, behave: Behaviour, noRecord: StageName[] | Partial<Record<StageName, (payload: WorkflowPayload) => boolean>> = [],
    { ctx = {} as StageContext, beforeWorkers }: { ctx?: StageContext; beforeWorkers?: () => Promise<void> } = {},
  ): Promise<void> {
    const c = config();
    keys = new Keys(c.keyPrefix, c.partitions);
    redis = createRedis(c, { name: 'fusion-test' });
    await waitReady(redis);
    await beforeWorkers?.();
    const declared = (name: StageName): Stage['readsWorkflowRecord'] => (Array.isArray(noRecord) ? (noRecord.includes(name) ? false : undefined) : noRecord[name]);
    const stages = chain.map((name): Stage => {
      const reads = declared(name);
      return { name, handle: async (envelope: Envelope, stageCtx: StageContext) => behave(name, envelope, stageCtx), ...(reads !== undefined ? { readsWorkflowRecord: reads } : {}) };
    });
    // `fusion`: the workers run as one process runs its stages (src/roles.ts); otherwise as
    // processes of one stage each, every forward through its stream.
    const fusedStage = fusion ? fusedStageLookup(stages) : undefined;
    workers = stages.map((stage) => new StageWorker({
      stage, ctx, redis, keys, config: c, clock: systemClock, log: createLogger('silent'), metrics: new Metrics({ defaultMetrics: false }),
      blocking: () => { const b = createRedis(c, { blocking: true, name: 'fusion-test-read' }); blocking.push(b); return b; },
      consent: { held: async () => null }, fusedStage,
    }));
    for (const worker of workers) await worker.start();
  }

  afterEach(async () => {
    await Promise.all(workers.map((w) => w.close()));
    workers = [];
    if (redis) {
      const found = await redis.keys(`${keys.prefix}:*`);
      if (found.length > 0) await redis.del(...found);
      redis.disconnect();
    }
    for (const b of blocking.splice(0)) b.disconnect();
  });

  /** A claimant's message taken in, as the API does: the workflow's record and its gateway entry. */
  async function ingest(partition: number, tenantId: string, workflowId: string, phone: string): Promise<void> {
    await runIngestInbound(redis, keys, {
      partition, tenantId, workflowId, messageId: `m-${workflowId}`, channel: 'whatsapp', phone,
      payload: { channel: 'whatsapp', businessNumberId: 'b', from: phone, messageId: `m-${workflowId}`, text: 'claim status', receivedAt: Date.now() },
      now: Date.now(), dedupeSeconds: 600, entryForm: 'packed',
    });
  }

  async function run(): Promise<{ partition: number; workflowId: string; record: Record<string, string> }> {
    const partition = 1;
    const workflowId = keys.newWorkflowId(partition);
    await ingest(partition, 'acme', workflowId, '+919800000001');
    const record = await waitFor(async () => {
      const r = await redis.hgetall(keys.workflow(partition, workflowId));
      return r.status === 'completed' ? r : null;
    }, { what: 'the workflow to complete' });
    return { partition, workflowId, record };
  }

  const added = async (partition: number, stage: StageName) => {
    const info = (await redis.xinfo('STREAM', keys.stream(partition, stage))) as unknown[];
    return Number(info[info.indexOf('entries-added') + 1]);
  };
  const steps = async (partition: number) => (await auditRecords(redis, keys.audit(partition))).map((e) => `${e.f.stage}:${e.f.type}:${e.f.seq}`);

  it('runs the whole chain in the first stage\'s hand-off: every step recorded in order, no entry for the fused stages', async () => {
    await start(true, plainForward);
    const { partition, record } = await run();
    // The payload each fused stage saw is the one its forward carried: the last one names them all.
    expect(record.outcome).to.equal('gateway>consent');
    expect(await steps(partition)).to.deep.equal(['gateway:test.gateway:0', 'consent:test.consent:1', 'router:test.router:2']);
    expect(record.seq).to.equal('3');
    expect(record.audit!.split(',')).to.have.length(3);
    expect([await added(partition, 'consent'), await added(partition, 'router')]).to.deep.equal([0, 0]);
    // The one entry of the chain is acknowledged and deleted.
    expect(await redis.xlen(keys.stream(partition, 'gateway'))).to.equal(0);
    expect(((await redis.xpending(keys.stream(partition, 'gateway'), keys.group('gateway'))) as unknown[])[0]).to.equal(0);
  });

  it('reads a tenant\'s operational mode once per read batch, fused steps included; the next batch reads it again', async () => {
    // Each step asks the mode of its entry's tenant (as outbound does before a send) and records it.
    const reads: string[] = [];
    let mode: OperationalMode = 'OPERATIONAL';
    const ctx = { modes: { current: async (tenantId: string) => { reads.push(tenantId); return mode; } } } as unknown as StageContext;
    const withMode: Behaviour = async (stage, envelope, stageCtx) => {
      const seen = await stageCtx.modes.current(envelope.tenantId);
      const d = plainForward(stage, envelope);
      return d.kind === 'finish' ? { ...d, patch: { ...d.patch, mode: seen } as WorkflowPatch } : d;
    };
    // Five entries of two tenants written before the workers start: the gateway's first read takes them in one batch.
    const partition = 1;
    let written: Array<{ tenantId: string; workflowId: string; phone: string }> = [];
    await start(true, withMode, [], {
      ctx,
      beforeWorkers: async () => {
        written = ['acme', 'acme', 'beta', 'acme', 'beta'].map((tenantId, i) => ({ tenantId, workflowId: keys.newWorkflowId(partition), phone: `+91980000010${i}` }));
        for (const w of written) await ingest(partition, w.tenantId, w.workflowId, w.phone);
      },
    });
    const done = async (workflowId: string) => waitFor(async () => {
      const r = await redis.hgetall(keys.workflow(partition, workflowId));
      return r.status === 'completed' ? r : null;
    }, { what: 'the workflow to complete' });
    for (const w of written) expect((await done(w.workflowId)).mode).to.equal('OPERATIONAL');
    // Fifteen steps (three a workflow, all in the gateway's chains), two reads: one per tenant.
    expect([...reads].sort()).to.deep.equal(['acme', 'beta']);
    // A change of mode shows in the next batch.
    mode = 'SUSPENDED';
    const later = keys.newWorkflowId(partition);
    await ingest(partition, 'acme', later, '+919800000109');
    expect((await done(later)).mode).to.equal('SUSPENDED');
    expect(reads.filter((t) => t === 'acme')).to.have.length(2);
  });

  it('with each stage in a process of its own each step goes through its stream, with the same steps and outcome', async () => {
    await start(false, plainForward);
    const { partition, record } = await run();
    expect(record.outcome).to.equal('gateway>consent');
    expect(await steps(partition)).to.deep.equal(['gateway:test.gateway:0', 'consent:test.consent:1', 'router:test.router:2']);
    expect([await added(partition, 'consent'), await added(partition, 'router')]).to.deep.equal([1, 1]);
  });

  it('ends the chain at a forward that sets a patch: the next stage runs from its stream, after the patch is written', async () => {
    await start(true, (stage, envelope) => {
      const d = plainForward(stage, envelope);
      return stage === 'gateway' && d.kind === 'forward' ? { ...d, patch: { language: 'HI' as const } } : d;
    });
    const { partition, record } = await run();
    expect(record.language).to.equal('HI');
    // consent ran from its stream; its plain forward then fused router.
    expect([await added(partition, 'consent'), await added(partition, 'router')]).to.deep.equal([1, 0]);
    expect(await steps(partition)).to.deep.equal(['gateway:test.gateway:0', 'consent:test.consent:1', 'router:test.router:2']);
  });

  it('continues the chain at a forward that sets a status and a patch into a stage that reads no workflow record', async () => {
    const behave: Behaviour = (stage, envelope) => {
      const d = plainForward(stage, envelope);
      return stage === 'consent' && d.kind === 'forward' ? { ...d, status: 'awaiting_documents' as const, patch: { language: 'HI' as const } } : d;
    };
    // router declared as reading no record: consent's forward runs it in the same call.
    await start(true, behave, ['router']);
    const fused = await run();
    expect([await added(fused.partition, 'consent'), await added(fused.partition, 'router')]).to.deep.equal([0, 0]);
    expect(await steps(fused.partition)).to.deep.equal(['gateway:test.gateway:0', 'consent:test.consent:1', 'router:test.router:2']);
    // Every change of the chain's steps is in the record, as through the streams; the status change is an audit event's transition.
    expect(fused.record).to.include({ language: 'HI', status: 'completed', seq: '3', outcome: 'gateway>consent' });
    const transitions = (await auditRecords(redis, keys.audit(fused.partition))).map((e) => e.f.transition && JSON.parse(e.f.transition) as { from: string; to: string });
    expect(transitions.map((t) => (t ? `${t.from}>${t.to}` : ''))).to.deep.equal(['', 'started>awaiting_documents', 'awaiting_documents>completed']);
    await Promise.all(workers.map((w) => w.close()));
    workers = [];

    // Without the declaration, the same forward ends the chain: router runs from its stream.
    await start(true, behave);
    const unfused = await run();
    expect([await added(unfused.partition, 'consent'), await added(unfused.partition, 'router')]).to.deep.equal([0, 1]);
    const { workflow_id: _a, audit: _auditA, started_at: _sa, updated_at: _ua, completed_at: _ca, ...a } = fused.record;
    const { workflow_id: _b, audit: _auditB, started_at: _sb, updated_at: _ub, completed_at: _cb, ...b } = unfused.record;
    expect(Object.keys(fused.record)).to.deep.equal(Object.keys(unfused.record));
    expect(a).to.deep.equal(b);
  });

  it('asks a stage that answers per entry (a workflow step declared record-free, or not) whether this entry reads the record', async () => {
    const behave: Behaviour = (stage, envelope) => {
      const d = plainForward(stage, envelope);
      return stage === 'consent' && d.kind === 'forward' ? { ...d, patch: { language: 'HI' as const } } : d;
    };
    const asked: string[] = [];
    // This entry's step reads no record: consent's forward (a patch) runs router in the same call.
    await start(true, behave, { router: (payload) => { asked.push((payload as { text?: string }).text ?? ''); return false; } });
    const recordFree = await run();
    expect(asked).to.deep.equal(['claim status']);
    expect([await added(recordFree.partition, 'consent'), await added(recordFree.partition, 'router')]).to.deep.equal([0, 0]);
    expect(recordFree.record).to.include({ language: 'HI', status: 'completed', seq: '3' });
    await Promise.all(workers.map((w) => w.close()));
    workers = [];

    // This entry's step reads it: the chain ends at the forward, and router runs from its stream after the patch is written.
    await start(true, behave, { router: () => true });
    const reads = await run();
    expect([await added(reads.partition, 'consent'), await added(reads.partition, 'router')]).to.deep.equal([0, 1]);
    expect(reads.record).to.include({ language: 'HI', status: 'completed', seq: '3' });
    expect(await steps(reads.partition)).to.deep.equal(['gateway:test.gateway:0', 'consent:test.consent:1', 'router:test.router:2']);
  });

  it('hands a fused stage that fails to its stream instead, where its own worker runs it: each step recorded once', async () => {
    let consentTries = 0;
    await start(true, (stage, envelope) => {
      // Fails when run fused, succeeds when its own worker runs it from its stream.
      if (stage === 'consent' && ++consentTries === 1) throw new AppError('cms_unavailable', 'not yet', { retryable: true });
      return plainForward(stage, envelope);
    });
    const { partition, record } = await run();
    expect(consentTries).to.equal(2);
    expect(record.outcome).to.equal('gateway>consent');
    // consent got its entry; its plain forward then fused router again.
    expect([await added(partition, 'consent'), await added(partition, 'router')]).to.deep.equal([1, 0]);
    expect(await steps(partition)).to.deep.equal(['gateway:test.gateway:0', 'consent:test.consent:1', 'router:test.router:2']);
  });
});

describe('handoff.lua: chained ops (one Redis)', function () {
  this.timeout(20000);
  let redis: Redis;
  const keys = new Keys(`chain-${randomBytes(5).toString('hex')}`, 2);
  const partition = 0;

  before(async () => { redis = createRedis(testRedisUrl(), { name: 'chain-test' }); await waitReady(redis); });
  after(async () => {
    const found = await redis.keys(`${keys.prefix}:*`);
    if (found.length > 0) await redis.del(...found);
    redis.disconnect();
  });

  async function entered(): Promise<{ workflowId: string; entryId: string; envelope: Envelope }> {
    const workflowId = keys.newWorkflowId(partition);
    const payload: WorkflowPayload = { channel: 'whatsapp', businessNumberId: 'b', from: '+919800000002', messageId: `m-${workflowId}`, text: 'hi', receivedAt: 1 };
    await runIngestInbound(redis, keys, { partition, tenantId: 'acme', workflowId, messageId: `m-${workflowId}`, channel: 'whatsapp', phone: payload.from, payload, now: 1, dedupeSeconds: 600, entryForm: 'packed' });
    await redis.xgroup('CREATE', keys.stream(partition, 'gateway'), keys.group('gateway'), '0', 'MKSTREAM').catch(() => undefined);
    const read = (await redis.xreadgroup('GROUP', keys.group('gateway'), 'c', 'COUNT', 100, 'STREAMS', keys.stream(partition, 'gateway'), '>')) as [string, [string, string[]][]][];
    const [entryId] = read[0]![1].find(([, f]) => readStageEntry(f).wf === workflowId)!;
    return { workflowId, entryId, envelope: { workflowId, tenantId: 'acme', seq: 0, attempt: 0, stage: 'gateway', payload } };
  }

  function chainOf(e: { entryId: string; envelope: Envelope }): Outcome[] {
    return [
      { kind: 'decided', entryId: e.entryId, envelope: e.envelope, decision: { kind: 'forward', to: 'consent', payload: e.envelope.payload, audit: { type: 'test.a' } } },
      { kind: 'decided', entryId: e.entryId, envelope: { ...e.envelope, seq: 1, stage: 'consent' }, decision: { kind: 'finish', status: 'completed', audit: { type: 'test.b' } }, chained: true },
    ];
  }
  const call = (outcomes: Outcome[], now: number) =>
    runHandoff(redis, buildHandoff(keys, partition, 'gateway', outcomes, now, new Map()), keys.group('gateway'), now, partition, allowedTransitions);

  it('a chain redelivered after its first step went through unfused applies nothing: the chained op follows its stale forward', async () => {
    const e = await entered();
    const [a] = chainOf(e);
    // The entry was handed off once without fusion (its worker died before the ack's reply, say):
    // the record is at seq 1 and consent's entry waits in its stream.
    expect((await call([a!], 10)).map((r) => r.kind)).to.deep.equal(['applied']);
    expect(await redis.xlen(keys.stream(partition, 'consent'))).to.equal(1);
    const eventsBefore = await redis.xlen(keys.audit(partition));
    // Redelivered and run fused: the forward is stale, and its chained op (seq 1, which the record
    // is at) must not apply: consent's own entry is the one that runs that step.
    const again = await call(chainOf(e), 20);
    expect(again.map((r) => r.kind)).to.deep.equal(['stale', 'stale']);
    expect(await redis.xlen(keys.audit(partition))).to.equal(eventsBefore);
    expect(await redis.hget(keys.workflow(partition, e.workflowId), 'seq')).to.equal('1');
  });

  it('a chain applies whole once', async () => {
    const e = await entered();
    expect((await call(chainOf(e), 15)).map((r) => r.kind)).to.deep.equal(['applied', 'applied']);
    expect(await redis.hget(keys.workflow(partition, e.workflowId), 'seq')).to.equal('2');
    expect(await redis.hget(keys.workflow(partition, e.workflowId), 'status')).to.equal('completed');
    const consentEntries = (await redis.xrange(keys.stream(partition, 'consent'), '-', '+')) as [string, string[]][];
    expect(consentEntries.filter(([, fields]) => readStageEntry(fields).wf === e.workflowId)).to.have.length(0);
  });

  it('a chained op at a seq other than the one its forward leaves is stale; the forward\'s step is written', async () => {
    const e = await entered();
    const [a, b] = chainOf(e);
    // (the script takes the next seq's text from a chained op only when it names that very step)
    const skipped = { ...b!, envelope: { ...b!.envelope, seq: 5 } } as Outcome;
    expect((await call([a!, skipped], 35)).map((r) => r.kind)).to.deep.equal(['applied', 'stale']);
    const record = await redis.hgetall(keys.workflow(partition, e.workflowId));
    expect(record.seq).to.equal('1');
    expect(record.status).to.equal('started');
    expect(record.audit!.split(',')).to.have.length(1);
  });

  it('a chained op after a refused transition is not applied either', async () => {
    const e = await entered();
    const [a, b] = chainOf(e);
    // started -> timed_out is not in the table: the forward is refused, so its chained op is not applied.
    const refused = { ...a!, decision: { kind: 'forward', to: 'consent', status: 'timed_out', payload: e.envelope.payload, audit: { type: 'test.a' } } } as Outcome;
    const results = await call([refused, b!], 30);
    expect(results.map((r) => r.kind)).to.deep.equal(['illegal', 'stale']);
    expect(await redis.hget(keys.workflow(partition, e.workflowId), 'seq')).to.equal('0');
  });

  it('refuses, before writing anything, an op without an entry that no fused forward precedes', async () => {
    const e = await entered();
    const [, b] = chainOf(e);
    const before = await redis.xlen(keys.audit(partition));
    let error: Error | null = null;
    await call([b!], 40).catch((err: Error) => { error = err; });
    expect(String(error)).to.match(/missing entry/);
    expect(await redis.xlen(keys.audit(partition))).to.equal(before);
    expect(await redis.hget(keys.workflow(partition, e.workflowId), 'seq')).to.equal('0');
  });
  it('refuses, before writing anything, a plain chained forward (`>`) that no op continues or that nothing precedes', async () => {
    const e = await entered();
    // A three-step chain: gateway's forward, a plain forward (sent as `>`), and a finish.
    const chain: Outcome[] = [
      chainOf(e)[0]!,
      { kind: 'decided', entryId: e.entryId, envelope: { ...e.envelope, seq: 1, stage: 'consent' }, decision: { kind: 'forward', to: 'router', payload: e.envelope.payload, audit: { type: 'test.b' } }, chained: true },
      { kind: 'decided', entryId: e.entryId, envelope: { ...e.envelope, seq: 2, stage: 'router' }, decision: { kind: 'finish', status: 'completed', audit: { type: 'test.c' } }, chained: true },
    ];
    const built = buildHandoff(keys, partition, 'gateway', chain, 50, new Map());
    const { count, args } = packOps(built.ops);
    expect(args.slice(13, 18)[0]).to.equal('>');
    const before = { audit: await redis.xlen(keys.audit(partition)), record: await redis.hgetall(keys.workflow(partition, e.workflowId)) };
    const raw = (opCount: number, opArgs: string[]) => redis.handoff(built.keys.length, ...built.keys, keys.group('gateway'), 50, partition, opCount,
      transitionPairs(allowedTransitions), 'packed', ...opArgs).then(() => null, (err: Error) => err.message);
    // The `>` op last (the finish cut off): nothing continues it, so it has no next stream.
    expect(await raw(count - 1, args.slice(0, 18))).to.match(/op 2 \(forward\): missing next/);
    // The `>` op first (the forward before it cut off): no entry, and no fused forward before it.
    expect(await raw(count - 1, args.slice(13))).to.match(/op 1 \(forward\): missing entry/);
    expect(await redis.xlen(keys.audit(partition))).to.equal(before.audit);
    expect(await redis.hgetall(keys.workflow(partition, e.workflowId))).to.deep.equal(before.record);
    expect(count).to.equal(3);
  });
});

describe('handoff.lua: a chain\'s record, read once and written once (private Redis)', function () {
  this.timeout(20000);
  let server: PrivateRedis;
  let redis: Redis;
  const keys = new Keys('chainrec', 1);
  const partition = 0;
  const now = 1_700_000_000_000;
  const steps: StageName[] = ['gateway', 'consent', 'router'];

  before(async () => {
    // Its own server: the test counts the commands the scripts run (INFO commandstats).
    server = await startPrivateRedis();
    redis = createRedis(server.url, { name: 'chain-record-test' });
    await waitReady(redis);
    for (const stage of steps) await redis.xgroup('CREATE', keys.stream(partition, stage), keys.group(stage), '0', 'MKSTREAM');
  });
  after(async () => { redis.disconnect(); await server.close(); });

  let messages = 0;
  async function entered(): Promise<{ workflowId: string; envelope: Envelope }> {
    // (a message id of its own each time: the intake takes a repeated one as the same message)
    const n = ++messages;
    const workflowId = keys.newWorkflowId(partition);
    const payload: WorkflowPayload = { channel: 'whatsapp', businessNumberId: 'b', from: '+919800000003', messageId: `m${n}`, text: 'hi', receivedAt: 1 };
    await runIngestInbound(redis, keys, { partition, tenantId: 'acme', workflowId, messageId: `m${n}`, channel: 'whatsapp', phone: payload.from, payload, now, dedupeSeconds: 600, entryForm: 'packed' });
    // An earlier attempt was dead-lettered and the tenant's work held: a step that goes through clears both.
    await redis.hset(keys.workflow(partition, workflowId), 'error', 'cms_unavailable', 'held', String(now));
    return { workflowId, envelope: { workflowId, tenantId: 'acme', seq: 0, attempt: 0, stage: 'gateway', payload } };
  }

  /** gateway and consent forward plainly; router finishes with a patch. */
  function decision(stage: StageName, envelope: Envelope): Decision {
    if (stage === 'router') return { kind: 'finish', status: 'completed', patch: { outcome: 'answered', language: 'EN' }, audit: { type: 'test.router' } };
    return { kind: 'forward', to: steps[steps.indexOf(stage) + 1]!, payload: envelope.payload, audit: { type: `test.${stage}` } };
  }
  const hand = (stage: StageName, outcomes: Outcome[]) =>
    runHandoff(redis, buildHandoff(keys, partition, stage, outcomes, now, new Map()), keys.group(stage), now, partition, allowedTransitions);
  const read = async (stage: StageName) => {
    const reply = (await redis.xreadgroup('GROUP', keys.group(stage), 'c', 'COUNT', 10, 'STREAMS', keys.stream(partition, stage), '>')) as [string, [string, string[]][]][];
    return reply[0]![1];
  };
  const calls = async (command: string) => Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(await redis.info('commandstats'))?.[1] ?? 0);

  /**
   * The same three steps (`decide`), one workflow through the streams, the other as one chain: the
   * records end field for field, value and order alike, and the chain reads and writes its record
   * `fusedCounts` times (HMGET, HSET, HDEL). Returns the chained record and both workflows' audit events.
   */
  async function compareChain(decide: (stage: StageName, envelope: Envelope) => Decision, fusedCounts: [number, number, number]) {
    const one = await entered();
    const fused = await entered();
    const [[gatewayEntry]] = [await read('gateway')];

    await redis.config('RESETSTAT');
    for (const stage of steps) {
      const entries = stage === 'gateway' ? [gatewayEntry!] : await read(stage);
      const [entryId] = entries.find(([, fields]) => readStageEntry(fields).wf === one.workflowId)!;
      const envelope = { ...one.envelope, seq: steps.indexOf(stage), stage };
      expect((await hand(stage, [{ kind: 'decided', entryId, envelope, decision: decide(stage, envelope) }])).map((r) => r.kind)).to.deep.equal(['applied']);
    }
    expect([await calls('hmget'), await calls('hset')]).to.deep.equal([3, 3]);

    const gatewayEntries = await read('gateway').catch(() => []);
    expect(gatewayEntries).to.have.length(0);
    const [fusedEntry] = (await redis.xrange(keys.stream(partition, 'gateway'), '-', '+')).find(([, fields]) => readStageEntry(fields).wf === fused.workflowId)!;
    const chain: Outcome[] = steps.map((stage, seq) => {
      const envelope = { ...fused.envelope, seq, stage };
      return { kind: 'decided', entryId: fusedEntry, envelope, decision: decide(stage, envelope), ...(seq > 0 ? { chained: true as const } : {}) };
    });
    // (the fused workflow's entry was read above with the other's, in the same batch)
    await redis.config('RESETSTAT');
    expect((await hand('gateway', chain)).map((r) => r.kind)).to.deep.equal(['applied', 'applied', 'applied']);
    expect([await calls('hmget'), await calls('hset'), await calls('hdel')]).to.deep.equal(fusedCounts);

    const a = await redis.hgetall(keys.workflow(partition, one.workflowId));
    const b = await redis.hgetall(keys.workflow(partition, fused.workflowId));
    expect(Object.keys(b)).to.deep.equal(Object.keys(a));
    const { workflow_id: _a, audit: auditA, ...restA } = a;
    const { workflow_id: _b, audit: auditB, ...restB } = b;
    expect(restB).to.deep.equal(restA);
    expect(auditB!.split(',')).to.have.length(3);
    expect(auditA!.split(',')).to.have.length(3);
    const events = await auditRecords(redis, keys.audit(partition));
    const eventsOf = (list: string) => list.split(',').map((id) => events.find((e) => `ae-${partition}-${e.id}` === id)!.f);
    return { fused: restB, oneEvents: eventsOf(auditA!), fusedEvents: eventsOf(auditB!) };
  }

  it('ends as the steps one by one leave it (every field, value and their order), with one HMGET and one HSET for the chain', async () => {
    const { fused, fusedEvents } = await compareChain(decision, [1, 1, 1]);
    expect(fused).to.include({ seq: '3', status: 'completed', outcome: 'answered', completed_at: String(now) });
    expect(fused).not.to.have.any.keys('error', 'held');
    // The record lists the chain's own events, in order.
    expect(fusedEvents.map((e) => e.type)).to.deep.equal(['test.gateway', 'test.consent', 'test.router']);
  });

  it('keeps the chain across a step that sets fields, and a later status change reads the claim hash it set', async () => {
    const claimIdHash = `sha256:${'ab'.repeat(32)}`;
    const decide = (stage: StageName, envelope: Envelope): Decision => {
      const d = decision(stage, envelope);
      return stage === 'consent' && d.kind === 'forward' ? { ...d, patch: { outcome: 'status_found', claim_id_hash: claimIdHash } } : d;
    };
    const { fused, oneEvents, fusedEvents } = await compareChain(decide, [1, 1, 1]);
    expect(fused).to.include({ seq: '3', status: 'completed', outcome: 'answered', claim_id_hash: claimIdHash });
    // router's status change carries the claim hash consent's step set, as through the streams.
    const transitionOf = (events: typeof fusedEvents) => JSON.parse(events[2]!.transition) as Record<string, unknown>;
    expect(transitionOf(fusedEvents)).to.deep.include({ from: 'started', to: 'completed', claim_id_hash: claimIdHash });
    expect(transitionOf(fusedEvents)).to.deep.equal({ ...transitionOf(oneEvents), workflow_id: transitionOf(fusedEvents).workflow_id });
  });

  it('writes a step\'s fields before the next reads them when they name a field the chain keeps (error)', async () => {
    const decide = (stage: StageName, envelope: Envelope): Decision => {
      const d = decision(stage, envelope);
      // (no WorkflowPatch names `error` today; the script guards a set that would, all the same)
      return stage === 'consent' && d.kind === 'forward' ? { ...d, patch: { error: 'cms_unavailable' } as unknown as WorkflowPatch } : d;
    };
    // consent's step is written (HSET), router's reads it again (HMGET), finds the error and clears it.
    const { fused } = await compareChain(decide, [2, 2, 2]);
    expect(fused).not.to.have.any.keys('error', 'held');
  });

  it('writes the steps that went through when a later step of the chain is refused, and only those', async () => {
    const e = await entered();
    const [entryId] = (await redis.xrange(keys.stream(partition, 'gateway'), '-', '+')).find(([, fields]) => readStageEntry(fields).wf === e.workflowId)!;
    const eventsBefore = await redis.xlen(keys.audit(partition));
    const step = (stage: StageName, seq: number, decision: Decision): Outcome =>
      ({ kind: 'decided', entryId, envelope: { ...e.envelope, seq, stage }, decision, ...(seq > 0 ? { chained: true as const } : {}) });
    // gateway's plain step is left unwritten for consent's; consent's (started -> timed_out) is
    // refused, so router's does not apply: gateway's fields must still reach the record.
    const results = await hand('gateway', [
      step('gateway', 0, { kind: 'forward', to: 'consent', payload: e.envelope.payload, audit: { type: 'test.gateway' } }),
      step('consent', 1, { kind: 'forward', to: 'router', status: 'timed_out', payload: e.envelope.payload, audit: { type: 'test.consent' } }),
      step('router', 2, { kind: 'finish', status: 'completed', audit: { type: 'test.router' } }),
    ]);
    expect(results.map((r) => r.kind)).to.deep.equal(['applied', 'illegal', 'stale']);
    const record = await redis.hgetall(keys.workflow(partition, e.workflowId));
    expect(record).to.include({ seq: '1', status: 'started', updated_at: String(now) });
    expect(record).not.to.have.any.keys('error', 'held', 'completed_at');
    expect(record.audit).to.equal(results[0]!.kind === 'applied' ? results[0]!.auditId : '');
    expect(await redis.xlen(keys.audit(partition))).to.equal(eventsBefore + 1);
  });
});
