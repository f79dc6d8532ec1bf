/**
 * What a workflow definition says (one file per type in pipeline/workflows/, registered in
 * pipeline/workflows/index.ts): its intent, its route (the stages it passes, in order), its step
 * at each stage whose work is its own, when it is held, and what the router adds when it starts
 * it. The generic stages read it: truth and knowledge run the workflow's step, every stage takes
 * "where next" from the route (`next`).
 *
 * Also the one place that turns a tenant's operational mode into a hold
 * (docs/operational-modes.md): SUSPENDED holds every reply at outbound; RESTRICTED holds a
 * workflow's work at the stages its definition names. Stages ask here instead of checking modes
 * themselves.
 */
import type { AuditNote, Decision, Effect, Envelope, StageContext, WorkflowPayload } from '../types';
import type { StageName, WorkflowStatus, WorkflowType } from '../vocabulary';
import type { WaitDeclaration } from './wait';

/** A workflow's work at one stage: the stage's decision for an entry of this workflow.
 *  (Declared as a method so a definition typed for its own payload variant is a `WorkflowDefinition`.) */
export type WorkflowStep<P extends WorkflowPayload = WorkflowPayload> = {
  run(envelope: Envelope & { payload: P }, ctx: StageContext, workflow: WorkflowDefinition<P>): Promise<Decision>;
}['run'];

/** The stages whose work differs by workflow: a workflow gives a step for each it passes. */
export const stepStages = ['truth', 'knowledge'] as const;
export type StepStage = (typeof stepStages)[number];

/** The stages every route passes: the three before the workflow is known, and the reply's two
 *  (every reply passes the policy gate, then goes out). A message no workflow took (a consent
 *  answer, small talk, "which did you mean?") follows this route alone. */
export const commonRoute: readonly StageName[] = ['gateway', 'consent', 'router', 'policy', 'outbound'];

/** The stage a reply goes to when a step answers at once, leaving the rest of its route (the
 *  CMS is down, the claimant has no claim): the policy gate. */
export const replyStage: StageName = 'policy';

export interface WorkflowDefinition<P extends WorkflowPayload = WorkflowPayload> {
  /** A shipped type (vocabulary.ts) or a registered one's own. */
  type: WorkflowType | (string & {});
  /** Intent (pipeline/data/intent-templates.json) that starts it: what the router reads. */
  intent: string;
  /** Other intents its entries carry (pending-documents: `documents_upload`, a claimant's file). */
  alsoIntents?: readonly string[];
  /** The stages it passes, in order: `commonRoute`'s, with its step stages between router and policy. */
  stages: readonly StageName[];
  /** Its work at each step stage it passes. */
  steps: Partial<Record<StepStage, WorkflowStep<P>>>;
  /** Its steps that read nothing of the workflow's record: only the payload, the tenant's settings
   *  and outside systems (the CMS, the knowledge base, the answer cache). With stage fusion such a
   *  step may also run fused after a forward that sets a status or fields, which a fused run sees
   *  unwritten (docs/architecture.md, "Stage fusion"); a step not listed (one that reads its wait, its
   *  documents) runs fused only after a plain forward. Unset: none. */
  recordFreeSteps?: readonly StepStage[];
  /** RESTRICTED holds its work at these stages (only claim-status runs then); null: never held.
   *  `detail` is the `work.held` audit detail at a stage (default `{ workflow_type }`). */
  restricted: null | { at: readonly StageName[]; detail?: (payload: P, stage: StageName) => NonNullable<AuditNote['detail']> };
  /** Listed when the router asks which workflow was meant (at most three: WhatsApp's reply buttons). */
  offered: boolean;
  /** Fields the router adds to the payload when it starts this workflow from a claimant's words
   *  (pending-documents: its first step). */
  start?: (payload: WorkflowPayload) => P;
  /** A claimant's document or image goes to this workflow, with this intent. */
  media?: { intent: string };
  /** The statuses its steps may leave it waiting in, besides the replies' `awaiting_consent` and
   *  `awaiting_choice`; each must be in the state machine (transitions.ts), which the hand-off enforces. */
  waitsIn: readonly WorkflowStatus[];
  /** Its wait, when it has one: what it waits for, its reminders and deadline (pipeline/workflows/wait.ts). */
  wait?: WaitDeclaration;
  /** A workflow that holds the claimant's conversation while it waits (human-handover): the router
   *  asks it first about a claimant message whose consent step found one (`holdsConversation`), and
   *  its decision (joining the message to it, or ending it) stands instead of the router's; null:
   *  it holds nothing of this claimant's now. */
  intercept?: (envelope: Envelope, ctx: StageContext, holding: string) => Promise<Decision | null>;
  /** The claimant withdrew consent (STOP; `providerAnswered`: the SMS provider answered it; `holding`:
   *  the workflow their per-claimant pointer names): the effect that ends this workflow's open wait
   *  of theirs, folded into the STOP's step; null: none open. */
  onConsentRevoked?: (envelope: Envelope, ctx: StageContext, providerAnswered: boolean, holding: string) => Promise<Effect | null>;
}

/** The stage after `from` on the workflow's route (a message no workflow took: `commonRoute`). */
export function next<P extends WorkflowPayload>(workflow: WorkflowDefinition<P> | null, from: StageName): StageName {
  const route = workflow?.stages ?? commonRoute;
  const at = route.indexOf(from);
  const to = at >= 0 ? route[at + 1] : undefined;
  if (!to) throw new Error(`${workflow?.type ?? 'no workflow'}: no stage after ${from} on its route`);
  return to;
}

/** A hold for this workflow's work at `stage` when the tenant is RESTRICTED and it is held there; else null. */
export async function restrictedHold<P extends WorkflowPayload>(ctx: StageContext, envelope: Envelope & { payload: P }, workflow: WorkflowDefinition<P>, stage: StageName): Promise<Decision | null> {
  const rule = workflow.restricted;
  if (!rule || !rule.at.includes(stage)) return null;
  if ((await ctx.modes.current(envelope.tenantId)) !== 'RESTRICTED') return null;
  const detail = rule.detail?.(envelope.payload, stage) ?? { workflow_type: workflow.type };
  return { kind: 'hold', mode: 'RESTRICTED', audit: { type: 'work.held', detail: { mode: 'RESTRICTED', ...detail } } };
}

/** A hold for a reply about to be sent while the tenant is SUSPENDED; else null. */
export async function suspendedHold(ctx: StageContext, tenantId: string): Promise<Decision | null> {
  if ((await ctx.modes.current(tenantId)) !== 'SUSPENDED') return null;
  return { kind: 'hold', mode: 'SUSPENDED', audit: { type: 'reply.held', detail: { mode: 'SUSPENDED' } } };
}
