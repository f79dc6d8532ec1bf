/**
 * A stand-in for the human-handover workflow's place among the offered choices, for tests of how
 * choices are offered and answered: where no workflow has the intent `human_handover`, it
 * registers one that is offered (fourth, after the shipped three) and whose one step answers with
 * `human_follow_up`. Where the real workflow is registered it does nothing. Answers the function
 * that removes what it registered.
 */
import type { Decision, Envelope } from '../../pipeline/types';
import { next, registerWorkflow, workflowByIntent, type WorkflowDefinition } from '../../pipeline/workflows';

export function offerHandoverIfMissing(): () => void {
  if (workflowByIntent('human_handover')) return () => {};
  const standIn: WorkflowDefinition = {
    type: 'handover-stand-in',
    intent: 'human_handover',
    stages: ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'],
    steps: {
      truth: async (envelope: Envelope, _ctx, workflow): Promise<Decision> => ({
        kind: 'forward', to: next(workflow, 'truth'),
        payload: { ...envelope.payload, reply: { template: 'human_follow_up', vars: {} } },
        patch: { outcome: 'handover_stand_in' },
        audit: { type: 'handover_stand_in.answered' },
      }),
    },
    restricted: null,
    offered: true,
    waitsIn: [],
  };
  return registerWorkflow(standIn);
}
