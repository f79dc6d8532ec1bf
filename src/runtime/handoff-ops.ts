/**
 * Turns what a stage decided about each entry of a batch into the ops of one `handoff` Lua call
 * (src/redis/lua/handoff.lua), plus the list of keys that call touches.
 */
import type { Decision, Envelope, WorkflowPayload } from '../../pipeline/types';
import { sha256Hex } from '../phi';
import type { Keys, StageName } from '../redis/keys';
import { encodeFields } from './envelope-codec';

export type Outcome =
  | { kind: 'decided'; entryId: string; envelope: Envelope; decision: Decision }
  | { kind: 'retry'; entryId: string; envelope: Envelope; due: number; errorCode: string }
  | { kind: 'dead'; entryId: string; envelope: Envelope | null; fields: string[]; errorCode: string; reason: string; deliveries: number };

/** The held workflow a consent answer resumes (or a new question supersedes), read just before the hand-off. */
export interface HeldWorkflow {
  workflowId: string;
  payload: WorkflowPayload;
}

export interface HandoffCall {
  keys: string[];
  ops: Record<string, unknown>[];
}

export function buildHandoff(
  keys: Keys, partition: number, stage: StageName, outcomes: Outcome[], now: number,
  held: Map<string, HeldWorkflow | null>,
): HandoffCall {
  const keySet = new Set<string>([keys.stream(partition, stage), keys.audit(partition)]);
  const use = (key: string) => { keySet.add(key); return key; };
  const wfPrefix = keys.workflow(partition, '');
  const ops = outcomes.map((outcome) => {
    if (outcome.kind === 'dead') {
      const env = outcome.envelope;
      const dlqFields = [...outcome.fields, 'reason', outcome.reason, 'error_code', outcome.errorCode, 'stage', stage,
        'failed_at', String(now), 'deliveries', String(outcome.deliveries), 'source_id', outcome.entryId];
      return {
        entry: outcome.entryId, kind: 'dead', wf: env ? use(keys.workflow(partition, env.workflowId)) : '', wf_id: env?.workflowId ?? '',
        seq: env?.seq ?? 0, tenant: env?.tenantId ?? '', stage, dlq: use(keys.deadLetters(partition, stage)), dlq_fields: dlqFields,
        audit_type: outcome.errorCode, audit_detail: JSON.stringify({ error_code: outcome.errorCode, deliveries: outcome.deliveries }),
      };
    }
    const env = outcome.envelope;
    const base = { entry: outcome.entryId, wf: use(keys.workflow(partition, env.workflowId)), wf_id: env.workflowId, seq: env.seq, tenant: env.tenantId, stage, wf_prefix: wfPrefix };
    if (outcome.kind === 'retry') {
      const fields = encodeFields(env.workflowId, env.tenantId, env.seq, env.attempt + 1, JSON.stringify(env.payload));
      const timer = JSON.stringify({ id: `retry:${outcome.entryId}:${env.attempt + 1}`, stream: keys.stream(partition, stage), fields });
      return { ...base, kind: 'retry', timers: use(keys.timers(partition)), due: outcome.due, timer };
    }
    const d = outcome.decision;
    if (d.kind === 'hold') {
      return {
        ...base, kind: 'hold', audit_type: d.audit.type, audit_detail: JSON.stringify(d.audit.detail ?? {}),
        held: use(keys.heldReplies(partition, env.tenantId)), held_tenants: use(keys.heldTenants(partition)),
        held_fields: encodeFields(env.workflowId, env.tenantId, env.seq, 0, JSON.stringify(env.payload)),
      };
    }
    const op: Record<string, unknown> = {
      ...base, kind: d.kind, audit_type: d.audit.type, audit_detail: JSON.stringify(d.audit.detail ?? {}),
      done: d.kind === 'finish',
      set: { ...(d.patch ?? {}) },
    };
    if (d.kind !== 'forward' || d.status) op.status = d.status;
    if (d.kind === 'forward') {
      op.next = use(keys.stream(partition, d.to));
      op.payload = JSON.stringify(d.payload);
    }
    for (const effect of d.effects ?? []) {
      op.consent = use(keys.consent(partition, env.tenantId, sha256Hex(env.payload.from)));
      if (effect.type === 'consent.set') op.consent_state = effect.state;
      if (effect.type === 'consent.park') {
        op.park_payload = JSON.stringify(effect.payload);
        // The question this one supersedes, if any: its record is closed in the same step.
        const older = held.get(env.workflowId);
        if (older) use(keys.workflow(partition, older.workflowId));
      }
      if (effect.type === 'consent.resume') {
        const target = held.get(env.workflowId);
        if (!target) continue;
        op.idx = use(keys.workflowIndex(partition, env.tenantId));
        use(keys.workflow(partition, target.workflowId));
        op.resume = {
          expect: target.workflowId, stream: use(keys.stream(partition, effect.to)), status: effect.status,
          payload: JSON.stringify({ ...target.payload, ...(effect.patch ?? {}) }),
        };
      }
    }
    return op;
  });
  return { keys: [...keySet], ops };
}

/** Exponential backoff with jitter, for the attempt about to be made. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.min(maxMs, Math.round(exponential * (0.8 + 0.4 * random())));
}
