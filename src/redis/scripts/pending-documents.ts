/** startPendingDocs-6.lua and controlPendingDocs-7.lua: a pending-documents workflow started from a CMS event, and a partner's control actions on it. */
import type { Redis } from '../client';
import type { Channel, WorkflowPayload, WorkflowStatus } from '../../../pipeline/types';
import { phiHash, sha256Hex } from '../../phi';
import type { Keys } from '../keys';
import type { StageEntryForm } from '../../runtime/envelope-codec';

export interface StartPendingDocsArgs {
  partition: number;
  tenantId: string;
  /** The id a new workflow gets (Keys.newWorkflowId in `partition`). */
  workflowId: string;
  channel: Channel;
  /** The claimant, E.164 (who gets the reminders); only its hash is stored. */
  phone: string;
  /** The claim's id; only its hash is stored. */
  claimId: string;
  payload: WorkflowPayload;
  /** The new record's `workflow_type`. */
  workflowType: string;
  now: number;
  /** How the gateway entry is written (`STAGE_ENTRY_FORM`). */
  entryForm: StageEntryForm;
}

/** A new workflow, or the claim's open one joined (at most one open per claim). */
export type StartPendingDocsResult =
  | { kind: 'started'; workflowId: string }
  | { kind: 'joined'; workflowId: string };

export async function runStartPendingDocs(redis: Redis, keys: Keys, a: StartPendingDocsArgs): Promise<StartPendingDocsResult> {
  const p = a.partition;
  // The claim's open workflow is declared as the script last saw it: first none (the new record's
  // key), then the one an 'undeclared' answer named. A pointer that moves between two calls asks again.
  let open = keys.workflow(p, a.workflowId);
  for (let attempt = 0; ; attempt++) {
    const [workflowId, outcome] = await redis.startPendingDocs(
      keys.pendingDocsByClaim(p, a.tenantId, sha256Hex(a.claimId)), keys.workflow(p, a.workflowId), keys.workflowIndex(p, a.tenantId),
      keys.stream(p, 'gateway'), keys.pendingDocsByClaimant(p, a.tenantId, sha256Hex(a.phone)), open,
      a.now, a.workflowId, a.tenantId, a.channel, phiHash(a.phone),
      JSON.stringify(['workflow_type', a.workflowType, 'claim_id_hash', phiHash(a.claimId), 'wait_payload', JSON.stringify(a.payload)]), JSON.stringify(a.payload), keys.workflow(p, ''), a.entryForm,
    );
    if (outcome !== 'undeclared') return { kind: outcome, workflowId };
    if (attempt >= maxUndeclaredRetries) throw new Error(`startPendingDocs: the claim's open workflow kept changing (${maxUndeclaredRetries + 1} calls)`);
    open = keys.workflow(p, workflowId);
  }
}

export type PendingDocsAction = 'cancel' | 'resume' | 'reschedule' | 'recheck';

/** Why controlPendingDocs refused an action (docs/pending-documents.md). */
export type PendingDocsRefusal = 'not_found' | 'finished' | 'not_resumable' | 'claim_has_open_workflow' | 'not_waiting';

export interface ControlPendingDocsArgs {
  partition: number;
  tenantId: string;
  workflowId: string;
  action: PendingDocsAction;
  /** The record's `claim_id_hash` and `phone_hash` (`sha256:<hex>`), which name the claim's pointer and the claimant's index. */
  claimIdHash: string | null;
  phoneHash: string | null;
  /** The audit event's detail (who asked; no secrets, no PHI). */
  detail: Record<string, unknown>;
  /** The new deadline (ms), for reschedule. */
  deadlineAt?: number;
  /** The wait's timers from now on, for reschedule: [member, due (ms), name] in due order, the
   *  deadline's last (src/redis/wait-timers.ts, `armedTimers`). */
  schedule?: Array<[string, number, string]>;
  now: number;
  /** How the re-entry's stage entry is written (resume, recheck; `STAGE_ENTRY_FORM`). */
  entryForm: StageEntryForm;
}

/** The status the workflow has after the action, or why it was refused and the status it has (null for another tenant's). */
export type ControlPendingDocsResult =
  | { kind: 'ok'; status: WorkflowStatus }
  | { kind: 'refused'; reason: PendingDocsRefusal; status: WorkflowStatus | null };

/** Throws the script's error reply for an action it does not know. */
export async function runControlPendingDocs(redis: Redis, keys: Keys, a: ControlPendingDocsArgs): Promise<ControlPendingDocsResult> {
  const p = a.partition;
  // The claim's other open workflow (read by resume) is declared as last seen, as in runStartPendingDocs.
  let open = keys.workflow(p, a.workflowId);
  for (let attempt = 0; ; attempt++) {
    const [outcome, statusOrReason, current] = await redis.controlPendingDocs(
      keys.workflow(p, a.workflowId), keys.workflowTimers(p), keys.audit(p), keys.stream(p, a.action === 'recheck' ? 'truth' : 'consent'),
      keys.pendingDocsByClaim(p, a.tenantId, bareHash(a.claimIdHash)), keys.pendingDocsByClaimant(p, a.tenantId, bareHash(a.phoneHash)), open,
      a.now, a.action, a.tenantId, a.workflowId, JSON.stringify(a.detail), a.deadlineAt ?? 0, JSON.stringify(a.schedule ?? []), keys.workflow(p, ''), a.entryForm,
    );
    if (outcome === 'undeclared') {
      if (attempt >= maxUndeclaredRetries) throw new Error(`controlPendingDocs: the claim's open workflow kept changing (${maxUndeclaredRetries + 1} calls)`);
      open = keys.workflow(p, statusOrReason);
      continue;
    }
    return controlResult(outcome, statusOrReason, current);
  }
}

/** Calls again after an 'undeclared' answer, at most this many times. */
const maxUndeclaredRetries = 3;

function controlResult(outcome: 'ok' | 'refused', statusOrReason: string, current: string | undefined): ControlPendingDocsResult {
  if (outcome === 'ok') return { kind: 'ok', status: statusOrReason as WorkflowStatus };
  return { kind: 'refused', reason: statusOrReason as PendingDocsRefusal, status: current ? (current as WorkflowStatus) : null };
}

/** The hex of a stored `sha256:<hex>` hash, as the keys name it. */
function bareHash(hash: string | null): string {
  const h = hash ?? '';
  return h.startsWith('sha256:') ? h.slice(7) : h;
}
