/**
 * The workflow registry: every workflow type the stages know, keyed by type and by intent. The
 * router asks it which workflow an intent starts; truth and knowledge ask it whose step to run
 * for an entry (by the entry's `intent`); every stage asks it for the entry's route. The shipped
 * three are registered here; `registerWorkflow` adds another (docs/architecture.md, "Adding a
 * workflow type"). Nothing in src/runtime names a workflow type.
 */
import { AppError } from '../../src/errors';
import type { Decision, Envelope, StageContext, WorkflowPayload } from '../types';
import { stageNames, type StageName } from '../vocabulary';
import { claimStatus } from './claim-status';
import { commonRoute, restrictedHold, stepStages, type StepStage, type WorkflowDefinition } from './definition';
import { humanHandover } from './human-handover';
import { pendingDocuments } from './pending-documents';
import { queryReason } from './query-reason';
import { transitions } from './transitions';

export { next, replyStage } from './definition';
export type { WorkflowDefinition, WorkflowStep } from './definition';
export { planWait, timerOf, waitPayload } from './wait';
export type { WaitDeclaration } from './wait';

/** The most workflows offered as a choice: WhatsApp shows up to three as reply buttons, more than
 *  three as a list message (docs/understanding.md). */
const maxOffered = 4;

const byType = new Map<string, WorkflowDefinition>();
const byIntent = new Map<string, WorkflowDefinition>();

/**
 * Registers a workflow type: checks its definition (its route passes the common stages in order,
 * with a step for each step stage it passes; its intents and type are new) and makes it known to
 * the stages. Answers the function that removes it again (a test's workflow).
 */
export function registerWorkflow<P extends WorkflowPayload>(definition: WorkflowDefinition<P>): () => void {
  const workflow = definition as unknown as WorkflowDefinition;
  const problems = problemsOf(workflow);
  if (problems.length > 0) throw new Error(`workflow ${workflow.type}: ${problems.join('; ')}`);
  const intents = [workflow.intent, ...(workflow.alsoIntents ?? [])];
  byType.set(workflow.type, workflow);
  for (const intent of intents) byIntent.set(intent, workflow);
  return () => {
    if (byType.get(workflow.type) !== workflow) return;
    byType.delete(workflow.type);
    for (const intent of intents) byIntent.delete(intent);
  };
}

function problemsOf(workflow: WorkflowDefinition): string[] {
  const problems: string[] = [];
  const route = workflow.stages;
  if (byType.has(workflow.type)) problems.push('type already registered');
  for (const intent of [workflow.intent, ...(workflow.alsoIntents ?? [])]) {
    if (byIntent.has(intent)) problems.push(`intent ${intent} already registered`);
  }
  if (route.some((s) => !stageNames.includes(s)) || new Set(route).size !== route.length) problems.push('route names an unknown stage or one twice');
  // The common stages, in their order: the first three, then the reply's two at the end.
  const common = route.filter((s) => commonRoute.includes(s));
  if (common.join() !== commonRoute.join() || route.slice(0, 3).join() !== commonRoute.slice(0, 3).join() || route.slice(-2).join() !== commonRoute.slice(-2).join()) {
    problems.push(`route must start ${commonRoute.slice(0, 3).join(', ')} and end ${commonRoute.slice(-2).join(', ')}`);
  }
  for (const stage of route) {
    if (!commonRoute.includes(stage) && !workflow.steps[stage as StepStage]) problems.push(`no step at ${stage}`);
  }
  for (const stage of workflow.recordFreeSteps ?? []) {
    if (!workflow.steps[stage]) problems.push(`recordFreeSteps names ${stage}, where it has no step`);
  }
  for (const stage of stepStages) {
    if (workflow.steps[stage] && !route.includes(stage)) problems.push(`a step at ${stage}, which its route does not pass`);
  }
  for (const status of workflow.waitsIn) {
    // Reached from started, or from another status it waits in (human-handover: queued, then with a person).
    const reachable = transitions.started.includes(status) || workflow.waitsIn.some((from) => transitions[from]?.includes(status));
    if (!(status in transitions) || !reachable) problems.push(`waits in ${status}, which the state machine does not know`);
  }
  const wait = workflow.wait;
  if (wait) {
    if (!workflow.waitsIn.includes(wait.status)) problems.push(`waits in ${wait.status}, which waitsIn does not name`);
    if (!workflow.steps[wait.stage as StepStage]) problems.push(`its wait fires into ${wait.stage}, where it has no step`);
    if (wait.arrivals.some((a) => a === '' || a.includes('|'))) problems.push('an arrival name is empty or holds |');
  }
  if (workflow.offered && [...byType.values()].filter((w) => w.offered).length >= maxOffered) problems.push(`at most ${maxOffered} workflows are offered`);
  return problems;
}

registerWorkflow(claimStatus);
registerWorkflow(pendingDocuments);
registerWorkflow(queryReason);
registerWorkflow(humanHandover);

/** The workflow of a type, or null. */
export function workflowByType(type: string | null | undefined): WorkflowDefinition | null {
  return type ? byType.get(type) ?? null : null;
}

/** The workflow an intent belongs to, or null. */
export function workflowByIntent(intent: string | undefined): WorkflowDefinition | null {
  return intent === undefined ? null : byIntent.get(intent) ?? null;
}

/** The workflow an entry belongs to (by its intent), or null before the router chose one. */
export function workflowOf(payload: WorkflowPayload): WorkflowDefinition | null {
  return workflowByIntent(payload.intent);
}

/**
 * Whether this entry's step at a step stage may read its workflow's record (the stage's
 * `readsWorkflowRecord`, for stage fusion): yes unless its workflow lists the step in
 * `recordFreeSteps`; yes for an entry of no known workflow (it fails there anyway).
 */
export function stepReadsRecord(stage: StepStage, payload: WorkflowPayload): boolean {
  return !(workflowOf(payload)?.recordFreeSteps?.includes(stage) ?? false);
}

/** The workflow a claimant's document or image goes to, or null. */
export function mediaWorkflow(): WorkflowDefinition | null {
  return [...byType.values()].find((w) => w.media) ?? null;
}

/** The types whose wait keeps one per claimant (`wait.perClaimant`: human-handover), whose pointer
 *  the claimant's consent lookup reads. */
export function perClaimantTypes(): readonly string[] {
  return registeredWorkflows().filter((w) => w.wait?.perClaimant).map((w) => w.type);
}

/** The registered workflows, in registration order. */
export function registeredWorkflows(): readonly WorkflowDefinition[] {
  return [...byType.values()];
}

/** The intents the router offers when it asks which workflow was meant, in their numbered order. */
export function offeredIntents(): readonly string[] {
  return registeredWorkflows().filter((w) => w.offered).map((w) => w.intent);
}

/**
 * A step stage's work: this entry's workflow's step here, after the RESTRICTED hold its
 * definition names for this stage. An entry of no known workflow, or of one with no step here,
 * cannot go on: that is a bug upstream, not a retryable failure.
 */
export async function runStep(stage: StepStage & StageName, envelope: Envelope, ctx: StageContext): Promise<Decision> {
  const workflow = workflowOf(envelope.payload);
  const step = workflow?.steps[stage];
  if (!workflow || !step) throw new AppError('invalid_envelope', `${stage} reached by an entry of no workflow with a step here (intent ${envelope.payload.intent ?? 'none'})`);
  const held = await restrictedHold(ctx, envelope, workflow, stage);
  if (held) return held;
  return step(envelope, ctx, workflow);
}
