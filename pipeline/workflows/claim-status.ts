/**
 * claim-status: a read-only status lookup. The stages it passes, in order. Knowledge is not
 * among them: the reply comes from the CMS alone (ARCHITECTURE.md, "Knowledge is skipped").
 */
import type { StageName, WorkflowType } from '../types';

export interface WorkflowDefinition {
  type: WorkflowType;
  /** Intent (pipeline/data/intent-templates.json) that starts it. */
  intent: string;
  stages: readonly StageName[];
}

export const claimStatus: WorkflowDefinition = {
  type: 'claim-status',
  intent: 'claim_status',
  stages: ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'],
};
