/**
 * truth: live claim data from the partner's CMS (read-only). What is read, and what the reply
 * says, is the entry's workflow's truth step (pipeline/workflows/<type>.ts); the stage runs it
 * after the RESTRICTED hold the workflow names for this stage. The identity gate every step
 * passes is the sender's own number (pipeline/own-claims.ts): only claims whose claimant_phone
 * is that number are used. A CMS that is down or refusing gives the claimant the "temporarily
 * unavailable" reply, never silence.
 */
import type { Decision, Stage } from '../types';
import { runStep, stepReadsRecord } from '../workflows';

export const truth: Stage = {
  name: 'truth',
  // Its workflow's step says (`recordFreeSteps`): claim-status and query-reason read the CMS and
  // the payload only, pending-documents reads its wait.
  readsWorkflowRecord: (payload) => stepReadsRecord('truth', payload),
  async handle(envelope, ctx): Promise<Decision> {
    return runStep('truth', envelope, ctx);
  },
};
