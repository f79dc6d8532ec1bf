/**
 * What a workflow definition says (one file per type in pipeline/workflows/), and the one place
 * that turns a tenant's operational mode into a hold (docs/operational-modes.md): SUSPENDED holds
 * every reply at outbound; RESTRICTED holds a workflow's work wherever it would run next, when its
 * definition says it is held then. Stages ask here instead of checking modes themselves.
 */
import type { AuditNote, Decision, StageContext } from '../types';
import type { StageName, WorkflowType } from '../vocabulary';

export interface WorkflowDefinition {
  type: WorkflowType;
  /** Intent (pipeline/data/intent-templates.json) that starts it. */
  intent: string;
  /** The stages it passes, in order. */
  stages: readonly StageName[];
  /** Held while the tenant is RESTRICTED (only claim-status runs then). */
  heldWhenRestricted: boolean;
}

/** A hold for this workflow's work when the tenant is RESTRICTED and it is held then; else null. */
export async function restrictedHold(ctx: StageContext, tenantId: string, workflow: WorkflowDefinition, detail: NonNullable<AuditNote['detail']>): Promise<Decision | null> {
  if (!workflow.heldWhenRestricted) return null;
  if ((await ctx.modes.current(tenantId)) !== 'RESTRICTED') return null;
  return { kind: 'hold', mode: 'RESTRICTED', audit: { type: 'work.held', detail: { mode: 'RESTRICTED', ...detail } } };
}

/** A hold for a reply about to be sent while the tenant is SUSPENDED; else null. */
export async function suspendedHold(ctx: StageContext, tenantId: string): Promise<Decision | null> {
  if ((await ctx.modes.current(tenantId)) !== 'SUSPENDED') return null;
  return { kind: 'hold', mode: 'SUSPENDED', audit: { type: 'reply.held', detail: { mode: 'SUSPENDED' } } };
}
