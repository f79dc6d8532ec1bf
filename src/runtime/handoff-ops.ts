/**
 * Turns what a stage decided about each entry of a batch into the ops of one `handoff` Lua call
 * (src/redis/lua/handoff.lua), plus the list of keys that call touches.
 */
import { answersHeldChoice, supersededQuestion } from '../../pipeline/held-question';
import type { Decision, Effect, Envelope, WorkflowPayload } from '../../pipeline/types';
import { sha256Hex } from '../phi';
import { type Keys } from '../redis/keys';
import { type StageName } from '../../pipeline/vocabulary';
import { encodeFields, packEntry, type StageEntryForm } from './envelope-codec';
import { armedTimers } from '../redis/wait-timers';
import { workflowOf } from '../../pipeline/workflows';

export type Outcome =
  /** `chained`: a stage fused after the outcome before it (stage fusion): no entry of its own, it
   *  applies only when that one did (`entryId` is the chain's entry, kept for the latency metric). */
  | { kind: 'decided'; entryId: string; envelope: Envelope; decision: Decision; chained?: true }
  | { kind: 'retry'; entryId: string; envelope: Envelope; due: number; errorCode: string }
  | { kind: 'dead'; entryId: string; envelope: Envelope | null; fields: string[]; errorCode: string; reason: string; deliveries: number };

/** The held workflow a consent answer or a choice resumes (or a new question supersedes), read just before the hand-off. */
export interface HeldWorkflow {
  workflowId: string;
  payload: WorkflowPayload;
}

/** Effects that read or replace the claimant's held question: the worker reads it before the hand-off. */
export const heldEffects: ReadonlySet<string> = new Set(['consent.park', 'consent.resume', 'choice.park', 'choice.resume']);

export interface HandoffCall {
  keys: string[];
  ops: Record<string, unknown>[];
  /** How the call writes stage entries (`STAGE_ENTRY_FORM`): the next stage's, and a retry's or hold's kept fields. */
  entryForm: StageEntryForm;
}

export function buildHandoff(
  keys: Keys, partition: number, source: StageName, outcomes: Outcome[], now: number,
  held: Map<string, HeldWorkflow | null>,
  /** The consent record's lifetime (ms) for a tenant: its TTL, set at each write (docs/retention.md). */
  consentTtlMs: (tenantId: string) => number | null = () => null,
  entryForm: StageEntryForm = 'packed',
): HandoffCall {
  const keySet = new Set<string>([keys.stream(partition, source), keys.audit(partition)]);
  const use = (key: string) => { keySet.add(key); return key; };
  const ops = outcomes.map((outcome, index) => {
    // A forward followed by a fused stage's op writes no entry: that op continues the chain.
    const following = outcomes[index + 1];
    const fusedNext = following?.kind === 'decided' && following.chained === true;
    if (outcome.kind === 'dead') {
      const env = outcome.envelope;
      const dlqFields = [...outcome.fields, 'reason', outcome.reason, 'error_code', outcome.errorCode, 'stage', source,
        'failed_at', String(now), 'deliveries', String(outcome.deliveries), 'source_id', outcome.entryId];
      return {
        entry: outcome.entryId, kind: 'dead', wf: env ? use(keys.workflow(partition, env.workflowId)) : '', wf_id: env?.workflowId ?? '',
        seq: env?.seq ?? 0, tenant: env?.tenantId ?? '', stage: source, dlq: use(keys.deadLetters(partition, source)), dlq_fields: dlqFields,
        audit_type: outcome.errorCode, audit_detail: JSON.stringify({ error_code: outcome.errorCode, deliveries: outcome.deliveries }),
      };
    }
    const env = outcome.envelope;
    const chained = outcome.kind === 'decided' && outcome.chained === true;
    // The op's own stage: the batch's, or the fused stage's for a chained op.
    const stage = chained ? env.stage : source;
    const base = { entry: chained ? undefined : outcome.entryId, wf: use(keys.workflow(partition, env.workflowId)), wf_id: env.workflowId, seq: env.seq, tenant: env.tenantId, stage };
    if (outcome.kind === 'retry') {
      const fields = encodeFields(entryForm, env.workflowId, env.tenantId, env.seq, env.attempt + 1, JSON.stringify(env.payload));
      const timer = JSON.stringify({ id: `retry:${outcome.entryId}:${env.attempt + 1}`, stream: keys.stream(partition, stage), fields });
      return opOf(base, { kind: 'retry', timers: use(keys.timers(partition)), due: outcome.due, timer });
    }
    const d = outcome.decision;
    if (d.kind === 'skip') return opOf(base, { kind: 'ack' });
    if (d.kind === 'defer') {
      // Back through a timer unchanged: same attempt count, so waiting is not a failed try.
      const fields = encodeFields(entryForm, env.workflowId, env.tenantId, env.seq, env.attempt, JSON.stringify(env.payload));
      const timer = JSON.stringify({ id: `defer:${outcome.entryId}`, stream: keys.stream(partition, stage), fields });
      return opOf(base, { kind: 'defer', timers: use(keys.timers(partition)), due: d.until, timer });
    }
    // A reply's `reply.sent` marks its send record, so a late `note` of the same send is not a second event.
    const sentMark = d.effects?.some((e) => e.type === 'send.recorded')
      ? { sent_mark: { key: use(keys.sendRecord(partition, env.tenantId, env.workflowId)), field: `${env.seq}:recorded` } }
      : {};
    if (d.kind === 'note') return opOf(base, { kind: 'note', audit_type: d.audit.type, audit_detail: JSON.stringify(d.audit.detail ?? {}) }, sentMark);
    if (d.kind === 'hold') {
      const fields = encodeFields(entryForm, env.workflowId, env.tenantId, env.seq, 0, JSON.stringify(env.payload));
      // SUSPENDED holds replies (released to outbound); RESTRICTED holds work at any stage
      // (released to the stage it was held at, which the entry names).
      const restricted = d.mode === 'RESTRICTED';
      return opOf(base, {
        kind: 'hold', audit_type: d.audit.type, audit_detail: JSON.stringify(d.audit.detail ?? {}),
        held: use(restricted ? keys.heldWork(partition, env.tenantId) : keys.heldReplies(partition, env.tenantId)),
        held_tenants: use(restricted ? keys.restrictedTenants(partition) : keys.heldTenants(partition)),
        held_fields: restricted ? [...fields, 'held_stage', stage] : fields,
      });
    }
    const op = opOf(base, {
      kind: d.kind, audit_type: d.audit.type, audit_detail: JSON.stringify(d.audit.detail ?? {}),
      done: d.kind === 'finish',
      set: Object.assign({}, d.patch),
    }, sentMark);
    if (d.kind !== 'forward' || d.status) op.status = d.status;
    // A step a wait timer fired (fireWorkflowTimers.lua): applied at the workflow's step when it is
    // handed off, while that timer is still the wait's fired one; its next entry is written by the
    // script, which knows that step, and carries nothing of the timer.
    const fired = env.payload.timerMember;
    if (fired !== undefined) op.fired = fired;
    if (d.kind === 'forward' && !fusedNext) {
      op.next = use(keys.stream(partition, d.to));
      // Packed, the next entry's whole value (its seq the step's next, attempt 0), which handoff.lua
      // writes as it comes; in the fields form, the payload alone.
      const payload = JSON.stringify(fired === undefined ? d.payload : { ...d.payload, timer: undefined, timerMember: undefined });
      op.payload = entryForm === 'packed' && fired === undefined ? packEntry(env.workflowId, env.tenantId, env.seq + 1, 0, payload) : payload;
    }
    if (d.also && d.also.length > 0) op.also = d.also.map((a) => [a.type, JSON.stringify(a.detail ?? {})]);
    for (const effect of d.effects ?? []) {
      // Applied by the worker after the hand-off (a cache write, best effort): nothing to do here.
      if (effect.type === 'answer.cache' || effect.type === 'send.recorded') continue;
      if (effect.type === 'transcript.append') {
        const fields = ['author', effect.author, 'at', String(now), 'channel', effect.channel, 'text', effect.text];
        // A bot's reply names its send (workflow and step), whose delivery the transcript shows; a
        // claimant's message names the message's own workflow (the audit events it folded).
        fields.push(effect.author === 'bot' ? 'wf' : 'msg_wf', env.workflowId);
        if (effect.author === 'bot') fields.push('seq', String(env.seq));
        op.transcript = { key: use(keys.conversation(partition, env.tenantId, effect.conversation)), fields };
        continue;
      }
      if (effect.type.startsWith('wait.') || effect.type === 'expect') {
        addWaitEffect(op, effect as WaitEffect, { keys, partition, env, use });
        continue;
      }
      op.consent = use(keys.consent(partition, env.tenantId, sha256Hex(env.payload.from)));
      const ttl = consentTtlMs(env.tenantId);
      if (ttl !== null) op.consent_ttl = ttl;
      if (effect.type === 'consent.set') op.consent_state = effect.state;
      if (effect.type === 'consent.language') op.consent_language = effect.language;
      if (effect.type === 'consent.park' || effect.type === 'choice.park') {
        op.park_payload = JSON.stringify(effect.payload);
        // The question this one supersedes, if any (the one held when the worker read it), closed in
        // the same step. Decided from the held question as read: when another is parked by then,
        // nothing is written and the worker reads it again (the `moved` answer).
        const read = held.get(env.workflowId) ?? null;
        guard(op, [op.consent as string, 'parked', read?.workflowId ?? '']);
        const older = supersededQuestion(env.workflowId, read);
        if (older) op.supersede = { workflow_id: older, key: use(keys.workflow(partition, older)) };
      }
      if (effect.type === 'consent.resume' || effect.type === 'choice.resume') {
        const target = held.get(env.workflowId);
        if (!target) continue;
        // A choice held on another channel is not this message's to answer: its own decision stands.
        if (effect.type === 'choice.resume' && !answersHeldChoice(env.payload.channel, target)) continue;
        const [to, status] = effect.type === 'consent.resume' ? [effect.to, effect.status] : ['router' as const, 'started' as const];
        op.idx = use(keys.workflowIndex(partition, env.tenantId));
        op.resume = {
          expect: target.workflowId, key: use(keys.workflow(partition, target.workflowId)), stream: use(keys.stream(partition, to)), status,
          payload: JSON.stringify({ ...target.payload, ...(effect.patch ?? {}) }),
        };
      }
    }
    return op;
  });
  return { keys: [...keySet], ops, entryForm };
}

/**
 * An op: the fields every op has, then its own. `Object.assign` and not `{ ...base, kind, ... }`:
 * on Node 20 each property an object literal writes after a spread took a slow path, about half a
 * microsecond each, which made building a forward op cost about 4 us, 20 times what this does
 * (docs/benchmarks.md, "Stage fusion").
 */
function opOf(base: Record<string, unknown>, own: Record<string, unknown>, more?: Record<string, unknown>): Record<string, unknown> {
  return Object.assign({}, base, own, more);
}

type WaitEffect = Extract<Effect, { type: `wait.${string}` | 'expect' }>;

/** Adds a precondition to an op: `[key, field ('' for a string key), value ('' for absent)]`. */
function guard(op: Record<string, unknown>, g: [string, string, string]): void {
  ((op.guards ??= []) as Array<[string, string, string]>).push(g);
}

/**
 * A decision's wait effects and preconditions, as hand-off op fields (handoff.lua's header): the
 * one place that turns a wait into keys and timer members (src/redis/wait-timers.ts).
 */
function addWaitEffect(
  op: Record<string, unknown>, effect: WaitEffect,
  at: { keys: Keys; partition: number; env: Envelope; use: (key: string) => string },
): void {
  const { keys, partition, env, use } = at;
  if (effect.type === 'expect') {
    if ('claimIdHash' in effect) guard(op, [use(keys.pendingDocsByClaim(partition, env.tenantId, bareHash(effect.claimIdHash))), '', effect.value ?? '']);
    else guard(op, [use(keys.workflow(partition, effect.workflow)), effect.field, effect.value ?? '']);
    return;
  }
  const timers = use(keys.workflowTimers(partition));
  if (effect.type === 'wait.start') {
    const stage = workflowOf(env.payload)?.wait?.stage;
    if (!stage) throw new Error(`wait.start by a workflow that declares no wait (intent ${env.payload.intent ?? 'none'})`);
    // The wait's id is the step that starts it: a timer of an earlier wait of the workflow never matches.
    const workflow = workflowOf(env.payload)!;
    op.wait = {
      timers, arm: armedTimers({ tenantId: env.tenantId, workflowId: env.workflowId, waitId: env.seq, stage }, effect.timers), payload: JSON.stringify(effect.payload),
      ...(effect.claimIdHash ? {
        pointer: use(keys.pendingDocsByClaim(partition, env.tenantId, bareHash(effect.claimIdHash))),
        listed: use(keys.pendingDocsByClaimant(partition, env.tenantId, sha256Hex(env.payload.from))),
      } : {}),
      // One open wait per claimant (human-handover): the claimant's pointer names this workflow.
      ...(workflow.wait?.perClaimant ? { pointer: use(keys.claimantWait(partition, env.tenantId, sha256Hex(env.payload.from), workflow.type)) } : {}),
    };
  } else if (effect.type === 'wait.arrive') {
    const targetKey = use(keys.workflow(partition, effect.target));
    guard(op, [targetKey, 'seq', String(effect.expectSeq)]);
    op.idx = use(keys.workflowIndex(partition, env.tenantId));
    op.arrive = {
      target: effect.target, target_key: targetKey, stream: use(keys.stream(partition, effect.to)), payload: JSON.stringify(effect.payload),
      set: effect.set, ...(effect.ends ? { timers } : {}),
    };
  } else if (effect.type === 'wait.join') {
    const targetKey = use(keys.workflow(partition, effect.target));
    guard(op, [targetKey, 'seq', String(effect.expectSeq)]);
    op.idx = use(keys.workflowIndex(partition, env.tenantId));
    op.join = {
      target: effect.target, target_key: targetKey, set: effect.set,
      // Replies held for the claimant's next message (written outside WhatsApp's window) go to the policy stage now.
      ...(effect.released ? {
        held: use(keys.conversationHeld(partition, env.tenantId, effect.target)), stream: use(keys.stream(partition, 'policy')), received_at: env.payload.receivedAt,
      } : {}),
    };
  } else {
    op.wait_end = timers;
  }
}

/** `sha256:<hex>` → `<hex>`, for key names. */
function bareHash(hash: string): string {
  return hash.startsWith('sha256:') ? hash.slice(7) : hash;
}

/** Exponential backoff with jitter, for the attempt about to be made. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.min(maxMs, Math.round(exponential * (0.8 + 0.4 * random())));
}
