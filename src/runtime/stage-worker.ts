/**
 * One stage actor: a member of the stage's consumer group, reading every partition's stream.
 * Reads: on one Redis each lane reads every partition in one blocking XREADGROUP; on a cluster a
 * read may name only streams of one hash slot, so each partition has a lane of its own
 * (`readGroups`, docs/scaling.md: connections and the idle cost of each).
 *
 * Loop: read a batch (the bound on in-flight work), run the stage on each entry concurrently,
 * then hand the whole batch off with one Lua call per partition. Entries left pending by a dead
 * consumer are reclaimed with XAUTOCLAIM once idle long enough. A retryable failure goes back
 * through the durable timers with backoff; a non-retryable one, or one past `maxDeliveries`,
 * goes to the stage's dead-letter stream with its reason.
 *
 * Stage fusion (docs/architecture.md "Stage fusion"): when a stage's decision is
 * a plain forward (no status, patch or effect) to a stage this process also runs, or a forward
 * with a status or patch but no effect to such a stage that reads no workflow record (policy; truth
 * and knowledge for a workflow whose step there reads none, `recordFreeSteps`),
 * that stage runs at once on the forwarded payload, and both steps go in the same hand-off call as a chain of ops
 * (the first one writes no entry for the next stage). A fused stage that throws is not retried
 * here: the chain ends before it, and it runs from its own stream as without fusion.
 */
import { hostname } from 'node:os';
import type { CachedAnswer, Decision, Envelope, Stage, StageContext, WorkflowPayload } from '../../pipeline/types';
import { transitions } from '../../pipeline/workflows/transitions';
import type { StageName } from '../../pipeline/vocabulary';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { ConsentStore } from '../consent/consent-store';
import { AppError, errorCode, isRetryable } from '../errors';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { readGroups } from '../redis/connection';
import { runHandoff, type HandoffResult } from '../redis/scripts';
import { isPassingStoreFailure } from '../redis/unavailable';
import { decodeEnvelope, entryTime, type StreamEntry } from './envelope-codec';
import { buildHandoff, heldEffects, retryDelay, type HeldWorkflow, type Outcome } from './handoff-ops';
import { jsonCopy } from './json-copy';
import { tenantRetention } from '../archive/retention';
import type { TenantStore } from '../tenants/tenant-store';
import { tracedStageContext } from '../tracing/traced-ports';
import { contextOf, contextWith, inSpan, SpanKind, traceparentOf, tracer, unsampledParent } from '../tracing/tracing';

/** Worker lifecycle, in order. */
export type WorkerState = 'created' | 'running' | 'draining' | 'stopped';

export interface StageWorkerOptions {
  stage: Stage;
  ctx: StageContext;
  redis: Redis;
  /** Opens the dedicated connection of one blocking read lane (called once per lane, at start). */
  blocking: (lane: number) => Redis;
  keys: Keys;
  config: Config;
  clock: Clock;
  log: Logger;
  metrics: Metrics;
  /** Tenant documents, for each tenant's consent lifetime (`retention.consent`); without them the deployment's (CONSENT_RETENTION). */
  tenants?: Pick<TenantStore, 'get'>;
  /** The held question a consent answer or a choice resumes (read before the hand-off). */
  consent: Pick<ConsentStore, 'held'>;
  /** Where approved query-reason answers are kept (the policy stage's `answer.cache` effect). */
  answers?: { store(tenantId: string, key: string, value: CachedAnswer): Promise<void> };
  /** Consumer name; default `host:pid:stage`. */
  consumer?: string;
  /**
   * The stage this process runs under `name`, when a plain forward to it may run here at once
   * (stage fusion, src/roles.ts; null: write the entry to its stream). Without it (a process that
   * runs one stage) every forward goes through its stream.
   */
  fusedStage?: (name: StageName) => Stage | null;
}

/** Whether a run of `stage` on this payload may read its workflow's record (`Stage.readsWorkflowRecord`). */
function readsRecord(stage: Stage, payload: WorkflowPayload): boolean {
  const reads = stage.readsWorkflowRecord;
  return typeof reads === 'function' ? reads(payload) : reads !== false;
}

/**
 * The `fusedStage` option for a process that runs `local` stages: a local stage that may run fused
 * (not `fusable: false`, docs/architecture.md "Stage fusion"). One rule for src/roles.ts and the
 * benches.
 */
export function fusedStageLookup(local: readonly Stage[]): (name: StageName) => Stage | null {
  const fusable = new Map(local.filter((stage) => stage.fusable !== false).map((stage) => [stage.name, stage]));
  return (name) => fusable.get(name) ?? null;
}

/** At most this many steps of one workflow run in one chain (the seven stages bound it anyway). */
const maxChain = 8;
/** How many times a batch's moved decisions are decided again before their entries are left to be reclaimed. */
const maxRedecisions = 3;

interface Delivered {
  partition: number;
  id: string;
  fields: string[];
  deliveries: number;
}

export class StageWorker {
  state: WorkerState = 'created';
  private readonly o: StageWorkerOptions;
  private readonly consumer: string;
  private readonly group: string;
  private readonly streams: string[];
  private loops: Promise<void>[] = [];
  private closing: Promise<void> | null = null;
  private lastReclaim = 0;

  constructor(options: StageWorkerOptions) {
    this.o = options;
    this.consumer = options.consumer ?? `${hostname()}:${process.pid}:${options.stage.name}`;
    this.group = options.keys.group(options.stage.name);
    this.streams = Array.from({ length: options.config.partitions }, (_, p) => options.keys.stream(p, options.stage.name));
  }

  get name(): string {
    return this.o.stage.name;
  }

  async start(): Promise<void> {
    await ensureGroups(this.o.redis, this.streams, this.group);
    this.state = 'running';
    // Each lane reads and hands off its own batch, so one lane's wait on the CMS or the channel
    // overlaps another's work. In flight per worker: lanes x batchSize entries at most. Where the
    // streams must be read apart (a cluster), each group is one lane.
    const groups = readGroups(this.o.redis, this.streams);
    const lanes = groups.length === 1 ? Array.from({ length: this.o.config.lanes }, () => groups[0]!) : groups;
    this.loops = lanes.map((streams, lane) => this.run(this.o.blocking(lane), streams));
  }

  private async run(connection: Redis, streams: string[]): Promise<void> {
    const log = this.o.log.child({ stage: this.name });
    while (this.state === 'running') {
      try {
        if (Date.now() - this.lastReclaim >= this.o.config.reclaimIdleMs / 2) {
          this.lastReclaim = Date.now();
          await this.reclaim();
        }
        const batch = await this.read(connection, streams);
        if (batch.length > 0) await this.process(batch);
      } catch (err) {
        if (this.state !== 'running') break;
        // A failover or a Redis restart passes: a warning. Anything else is a fault to look into.
        log[isPassingStoreFailure(err) ? 'warn' : 'error']({ err: describe(err) }, 'stage loop error; continuing after a pause');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  private async read(connection: Redis, streams: string[]): Promise<Delivered[]> {
    const { config } = this.o;
    const reply = (await connection.xreadgroup(
      'GROUP', this.group, this.consumer, 'COUNT', config.batchSize, 'BLOCK', config.blockMs,
      'STREAMS', ...streams, ...streams.map(() => '>'),
    )) as [string, StreamEntry[]][] | null;
    if (!reply) return [];
    return reply.flatMap(([stream, entries]) => {
      const partition = this.streams.indexOf(stream);
      return entries.map(([id, fields]) => ({ partition, id, fields, deliveries: 1 }));
    });
  }

  /** Takes over entries another consumer left pending for longer than `reclaimIdleMs`. */
  private async reclaim(): Promise<void> {
    const { redis, config } = this.o;
    for (let partition = 0; partition < this.streams.length; partition++) {
      const stream = this.streams[partition]!;
      const [, claimed] = (await redis.xautoclaim(stream, this.group, this.consumer, config.reclaimIdleMs, '0-0', 'COUNT', config.batchSize)) as [string, StreamEntry[], string[]];
      const live = claimed.filter((e) => e && e[1]);
      if (live.length === 0) continue;
      const pending = (await redis.xpending(stream, this.group, live[0]![0], live[live.length - 1]![0], live.length * 2, this.consumer)) as [string, string, number, number][];
      const counts = new Map(pending.map(([id, , , n]) => [id, n]));
      this.o.log.warn({ stage: this.name, partition, reclaimed: live.length }, 'reclaimed entries of a consumer that stopped');
      await this.process(live.map(([id, fields]) => ({ partition, id, fields, deliveries: counts.get(id) ?? 2 })));
    }
  }

  /**
   * The stage context for one batch: the tenant's operational mode is read once per tenant for the
   * whole batch (its entries run concurrently, so each read would land within the same moment),
   * not once per entry: one Redis round trip a reply at outbound where a batch holds one tenant's
   * entries. The scheduler's timer pass reads it the same way.
   */
  private batchContext(): StageContext {
    const ctx = this.o.ctx;
    const read = new Map<string, ReturnType<StageContext['modes']['current']>>();
    return {
      ...ctx,
      modes: {
        current(tenantId) {
          let mode = read.get(tenantId);
          if (!mode) read.set(tenantId, (mode = ctx.modes.current(tenantId)));
          return mode;
        },
      },
    };
  }

  private async process(batch: Delivered[]): Promise<void> {
    const ctx = this.batchContext();
    // One claimant's entries run one after another, in stream order (their replies keep their
    // order); different claimants run concurrently.
    const outcomes: Outcome[][] = new Array(batch.length);
    const conversations = new Map<string, number[]>();
    // Decoded once: the envelope serves the grouping and the stage; an entry that cannot be
    // decoded is its own group and fails in runOne with the decoding error.
    const decoded = batch.map((d) => {
      try {
        return decodeEnvelope(this.o.stage.name, d.fields);
      } catch (err) {
        return err as Error;
      }
    });
    batch.forEach((d, i) => {
      const envelope = decoded[i]!;
      const key = envelope instanceof Error ? `\u0001${d.id}` : `${envelope.tenantId}\u0000${envelope.payload.from}`;
      const list = conversations.get(key) ?? [];
      list.push(i);
      conversations.set(key, list);
    });
    await Promise.all([...conversations.values()].map(async (indexes) => {
      for (const i of indexes) outcomes[i] = await this.runOne(batch[i]!, decoded[i]!, ctx);
    }));
    const byPartition = new Map<number, Outcome[]>();
    batch.forEach((d, i) => {
      const list = byPartition.get(d.partition) ?? [];
      // A chain's ops stay together and in order: each one applies only after the one before it.
      list.push(...outcomes[i]!);
      byPartition.set(d.partition, list);
    });
    await Promise.all([...byPartition].map(([partition, list]) => this.handOff(partition, list, ctx)));
  }

  /** The entry's outcome, then those of the stages fused after it (stage fusion; usually none). */
  private async runOne(d: Delivered, decoded: Envelope | Error, ctx: StageContext): Promise<Outcome[]> {
    const first = await this.runFirst(d, decoded, ctx);
    const chain: Outcome[] = [first];
    // (a step a wait timer fired is applied at the workflow's step when handed off, which a fused
    // stage after it cannot know: it ends the chain)
    if (!this.o.fusedStage || first.kind !== 'decided' || first.envelope.payload.timerMember !== undefined) return chain;
    let last = first;
    while (chain.length < maxChain) {
      const d0 = last.decision;
      // A plain forward lets the next stage run here: the record then changes only its step, so the
      // fused stage reads what it would read from its stream. A forward that also sets a status or
      // fields does so only for a stage that reads no workflow record; effects always end the chain
      // (docs/architecture.md).
      if (d0.kind !== 'forward' || (d0.effects && d0.effects.length > 0)) break;
      const next = this.o.fusedStage(d0.to);
      if (!next) break;
      if ((d0.status || (d0.patch && Object.keys(d0.patch).length > 0)) && readsRecord(next, d0.payload)) break;
      // What the next stage's entry would carry: the payload as its stream would give it back
      // (a copy equal to a JSON round trip, without the JSON text: src/runtime/json-copy.ts).
      const envelope: Envelope = {
        workflowId: last.envelope.workflowId, tenantId: last.envelope.tenantId, seq: last.envelope.seq + 1, attempt: 0, stage: next.name,
        payload: jsonCopy(d0.payload),
      };
      let decision: Decision;
      try {
        decision = tracer === null ? await next.handle(envelope, ctx) : await tracedStep(next, envelope, ctx, 1);
      } catch (err) {
        // Not retried here: the chain ends before it and the entry goes to its stream, where the
        // stage runs again and its failure takes the usual course (retry, dead letter, log).
        if (this.o.log.isLevelEnabled('debug')) this.o.log.debug({ stage: next.name, workflow_id: envelope.workflowId, err: describe(err) }, 'fused stage failed; handing off to its stream instead');
        break;
      }
      last = { kind: 'decided', entryId: d.id, envelope, decision, chained: true };
      chain.push(last);
    }
    return chain;
  }

  private async runFirst(d: Delivered, decoded: Envelope | Error, ctx: StageContext): Promise<Outcome> {
    const { stage, config, clock, metrics } = this.o;
    let envelope: Envelope | null = null;
    try {
      if (decoded instanceof Error) throw decoded;
      envelope = decoded;
      if (envelope.attempt + d.deliveries > config.maxDeliveries) {
        return { kind: 'dead', entryId: d.id, envelope, fields: d.fields, errorCode: 'max_deliveries', reason: `delivered ${envelope.attempt + d.deliveries} times without a hand-off`, deliveries: envelope.attempt + d.deliveries };
      }
      const decision = tracer === null ? await stage.handle(envelope, ctx) : await tracedStep(stage, envelope, ctx, d.deliveries);
      return { kind: 'decided', entryId: d.id, envelope, decision };
    } catch (err) {
      const code = errorCode(err);
      metrics.failed.inc({ stage: stage.name, error_code: code });
      const tries = (envelope?.attempt ?? 0) + d.deliveries;
      const log = this.o.log.child({ stage: stage.name, workflow_id: envelope?.workflowId, entry: d.id });
      if (envelope && isRetryable(err) && tries < config.maxDeliveries) {
        const due = clock.now() + retryDelay(envelope.attempt, config.retryBaseMs, config.retryMaxMs);
        log.warn({ error_code: code, err: describe(err), attempt: envelope.attempt + 1 }, 'stage failed; retrying with backoff');
        return { kind: 'retry', entryId: d.id, envelope, due, errorCode: code };
      }
      log.error({ error_code: code, err: describe(err), tries }, 'stage failed for good; entry dead-lettered');
      return { kind: 'dead', entryId: d.id, envelope, fields: d.fields, errorCode: code, reason: describe(err), deliveries: tries };
    }
  }

  /**
   * Hands the outcomes off. A decision whose preconditions no longer held when the script ran
   * (`moved`: state it was decided from changed since the stage read it) wrote nothing: its stage
   * decides again on what it reads now, and that decision is handed off, up to `maxRedecisions`
   * times; after that its entry stays pending and is reclaimed.
   */
  private async handOff(partition: number, outcomes: Outcome[], ctx: StageContext): Promise<void> {
    let list = outcomes;
    for (let round = 0; list.length > 0; round++) {
      const results = await this.handOffOnce(partition, list);
      const moved = list.filter((_, i) => results[i]?.kind === 'moved');
      if (moved.length === 0) return;
      if (round >= maxRedecisions) {
        this.o.log.warn({ stage: this.name, partition, entries: moved.length }, 'state kept moving under a decision; entries left to be reclaimed');
        return;
      }
      list = await Promise.all(moved.map((o) => this.decideAgain(o, ctx)));
    }
  }

  /** A moved outcome's stage run again on the same entry (a fused step by its own stage, as a step of its own). */
  private async decideAgain(outcome: Outcome, ctx: StageContext): Promise<Outcome> {
    const envelope = outcome.envelope!;
    const stage = envelope.stage === this.o.stage.name ? this.o.stage : this.o.fusedStage?.(envelope.stage) ?? this.o.stage;
    try {
      return { kind: 'decided', entryId: outcome.entryId, envelope, decision: await stage.handle(envelope, ctx) };
    } catch (err) {
      const code = errorCode(err);
      this.o.metrics.failed.inc({ stage: stage.name, error_code: code });
      const due = this.o.clock.now() + retryDelay(envelope.attempt, this.o.config.retryBaseMs, this.o.config.retryMaxMs);
      this.o.log.warn({ stage: stage.name, workflow_id: envelope.workflowId, error_code: code, err: describe(err) }, 'stage failed deciding again; retrying with backoff');
      return { kind: 'retry', entryId: outcome.entryId, envelope, due, errorCode: code };
    }
  }

  private async handOffOnce(partition: number, outcomes: Outcome[]): Promise<HandoffResult[]> {
    const { redis, keys, clock, metrics, stage } = this.o;
    const held = await this.heldWorkflows(partition, outcomes);
    const now = clock.now();
    const consentTtl = await this.consentLifetimes(outcomes);
    const call = buildHandoff(keys, partition, stage.name, outcomes, now, held, (tenantId) => consentTtl.get(tenantId) ?? this.o.config.retention.consentMs, this.o.config.stageEntryForm);
    const results = await runHandoff(redis, call, this.group, now, partition, allowedTransitions);
    const wallNow = Date.now();
    // Counted once per stage and outcome for the batch: a labelled increment hashes its labels,
    // and one per op was a measurable part of a fused chain's Node time (docs/benchmarks.md).
    const handled = new Map<string, { stage: string; outcome: string; n: number }>();
    outcomes.forEach((outcome, i) => {
      const result = results[i];
      if (result?.kind === 'moved') return;
      // A fused step is counted and logged under its own stage.
      const stageName = outcome.envelope?.stage ?? stage.name;
      if (result?.kind === 'illegal') {
        this.o.log.error({ stage: stageName, workflow_id: outcome.envelope?.workflowId, from: result.from, to: result.to }, 'decision refused: illegal status transition; entry dropped');
      }
      if (outcome.kind === 'decided' && result && result.kind !== 'illegal' && result.kind !== 'stale') {
        // A decided op answers its audit event id; the others' names are kept as the log's id, as before.
        this.logHandOff(outcome, result.kind === 'applied' ? result.auditId : result.kind);
        this.afterHandOff(outcome);
      }
      const label = result?.kind === 'stale' || result?.kind === 'illegal' ? result.kind : outcome.kind === 'decided' ? outcome.decision.kind : outcome.kind;
      const counted = handled.get(`${stageName}\u0000${label}`);
      if (counted) counted.n += 1;
      else handled.set(`${stageName}\u0000${label}`, { stage: stageName, outcome: label, n: 1 });
      metrics.latency.observe({ stage: stageName }, Math.max(0, wallNow - entryTime(outcome.entryId)) / 1000);
    });
    for (const { stage: stageName, outcome, n } of handled.values()) metrics.handled.inc({ stage: stageName, outcome }, n);
    return results;
  }

  /** Effects outside the hand-off's atomic step, once it went through: the answer cache (best effort). */
  private afterHandOff(outcome: Extract<Outcome, { kind: 'decided' }>): void {
    for (const effect of outcome.decision.effects ?? []) {
      if (effect.type !== 'answer.cache' || !this.o.answers) continue;
      this.o.answers.store(outcome.envelope.tenantId, effect.key, effect.value).catch((err: Error) => {
        this.o.log.warn({ stage: this.name, workflow_id: outcome.envelope.workflowId, err: err.message }, 'answer cache write failed; the next identical question searches again');
      });
    }
  }

  /** One debug line per hand-off, one info line per finished workflow: ids and event types, never PHI. */
  private logHandOff(outcome: Extract<Outcome, { kind: 'decided' }>, auditId: string): void {
    const { log } = this.o;
    const d = outcome.decision;
    // (the fields are built only for a line that is written: most hand-offs log nothing at info)
    if (d.kind !== 'finish' && !log.isLevelEnabled('debug')) return;
    // (fields added to the object, not spread into a new one: on Node 20 a property written after
    // a spread takes a slow path, about 1 us, once per finished workflow)
    const fields: Record<string, unknown> = { stage: outcome.envelope.stage, workflow_id: outcome.envelope.workflowId, tenant_id: outcome.envelope.tenantId, event: d.audit.type, audit_event_id: auditId };
    if (d.kind === 'finish') {
      fields.status = d.status;
      log.info(fields, 'workflow finished');
      return;
    }
    fields.decision = d.kind;
    fields.to = d.kind === 'forward' ? d.to : undefined;
    fields.status = d.status;
    log.debug(fields, 'handed off');
  }

  /** The consent lifetime of each tenant whose consent record this batch writes (read once per batch). */
  private async consentLifetimes(outcomes: Outcome[]): Promise<Map<string, number>> {
    const lifetimes = new Map<string, number>();
    if (!this.o.tenants) return lifetimes;
    const tenants = new Set(outcomes.filter((o) => o.kind === 'decided' && o.decision.kind !== 'skip' && o.decision.kind !== 'defer'
      && o.decision.effects?.some((e) => e.type.startsWith('consent.') || e.type.startsWith('choice.'))).map((o) => o.envelope!.tenantId));
    await Promise.all([...tenants].map(async (tenantId) => {
      const doc = await this.o.tenants!.get(tenantId).catch(() => null);
      lifetimes.set(tenantId, tenantRetention(doc, this.o.config.retention).consentMs);
    }));
    return lifetimes;
  }

  /** For consent answers and choices that resume a held workflow: which one, with its held payload. */
  private async heldWorkflows(partition: number, outcomes: Outcome[]): Promise<Map<string, HeldWorkflow | null>> {
    const held = new Map<string, HeldWorkflow | null>();
    // (most batches have none: no promise per op for them)
    const reading = outcomes.filter((o): o is Extract<Outcome, { kind: 'decided' }> => o.kind === 'decided' && o.decision.effects?.some((e) => heldEffects.has(e.type)) === true);
    if (reading.length === 0) return held;
    // Independent reads: all in flight together, one round trip for the batch.
    await Promise.all(reading.map(async ({ envelope: env }) => {
      held.set(env.workflowId, await this.o.consent.held(env.tenantId, partition, env.payload.from));
    }));
    return held;
  }

  /**
   * Stops reading, lets the batch in hand finish and hand off, then returns. Idempotent: the
   * first call's promise is returned to every later caller.
   */
  close(): Promise<void> {
    if (!this.closing) {
      this.closing = (async () => {
        if (this.state === 'running') this.state = 'draining';
        await Promise.all(this.loops);
        this.state = 'stopped';
      })();
    }
    return this.closing;
  }
}

export async function ensureGroups(redis: Redis, streams: string[], group: string): Promise<void> {
  for (const stream of streams) {
    try {
      await redis.xgroup('CREATE', stream, group, '0', 'MKSTREAM');
    } catch (err) {
      if (!String((err as Error).message).includes('BUSYGROUP')) throw err;
    }
  }
}

/**
 * One step in its span (tracing on): a child of the span that wrote the entry (its payload's
 * `traceparent`), in whatever process that ran; the step's calls out are its children. Only ids
 * the service makes, counts and the decision's kind are recorded (docs/tracing.md). Under an
 * unsampled parent the sampler would record nothing, so the step runs as with tracing off and
 * only carries the `traceparent` on.
 */
async function tracedStep(stage: Stage, envelope: Envelope, ctx: StageContext, deliveries: number): Promise<Decision> {
  const parent = envelope.payload.traceparent;
  if (unsampledParent(parent)) return carryTrace(envelope, await stage.handle(envelope, ctx), parent!);
  return inSpan(`stage ${stage.name}`, SpanKind.CONSUMER, {
    'cw.stage': stage.name, 'cw.workflow_id': envelope.workflowId, 'cw.tenant_id': envelope.tenantId,
    'cw.seq': envelope.seq, 'cw.attempt': envelope.attempt, 'cw.deliveries': deliveries,
  }, async (span) => {
    const decision = await stage.handle(envelope, span.isRecording() ? tracedStageContext(ctx, contextWith(span)) : ctx);
    span.setAttribute('cw.decision', decision.kind);
    return carryTrace(envelope, decision, traceparentOf(span));
  }, contextOf(parent));
}

/**
 * The step's `traceparent` goes with what it hands on: the forwarded payload (the next stage's
 * entry, and a wait's stored payload) and the entry's own payload (what a retry, a defer or a
 * hold writes again). A status change keeps the step on the record (`tp`), so the partner webhook
 * made from its transition is delivered in this trace, or, unsampled, in none. Not for a step a
 * wait timer fired: the script applies that at the record's step, whose seq is not known here.
 */
function carryTrace(envelope: Envelope, decision: Decision, traceparent: string): Decision {
  envelope.payload.traceparent = traceparent;
  if (decision.kind === 'forward') decision.payload.traceparent = traceparent;
  if (decision.status && envelope.payload.timerMember === undefined) {
    decision.patch = { ...decision.patch, tp: `${envelope.seq + 1} ${decision.status} ${traceparent}` };
  }
  return decision;
}

/** The transition table as the hand-off script reads it: { from: { to: true } }. */
const allowedTransitions = JSON.stringify(Object.fromEntries(
  Object.entries(transitions).map(([from, tos]) => [from, Object.fromEntries(tos.map((to) => [to, true]))]),
));

function describe(err: unknown): string {
  if (err instanceof AppError) return `${err.code}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
