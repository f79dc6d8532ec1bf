/**
 * knowledge: looks the answer up in the tenant's knowledge base, for the workflows whose route
 * passes it (query-reason; the others skip this stage). The work is the workflow's knowledge
 * step (pipeline/workflows/query-reason.ts: the answer cache first; on a miss the best article
 * composed into a reply that cites its source), run after the RESTRICTED hold the workflow names.
 */
import type { Decision, Stage } from '../types';
import { runStep, stepReadsRecord } from '../workflows';

export const knowledge: Stage = {
  name: 'knowledge',
  // Its workflow's step says (`recordFreeSteps`).
  readsWorkflowRecord: (payload) => stepReadsRecord('knowledge', payload),
  async handle(envelope, ctx): Promise<Decision> {
    return runStep('knowledge', envelope, ctx);
  },
};
