/**
 * claim-status: a read-only status lookup. The stages it passes, in order. Knowledge is not
 * among them: the reply comes from the CMS alone (ARCHITECTURE.md, "Knowledge is skipped").
 */
import type { WorkflowDefinition } from './definition';

export const claimStatus: WorkflowDefinition = {
  type: 'claim-status',
  intent: 'claim_status',
  stages: ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'],
  // A status lookup stays available while the tenant is RESTRICTED.
  heldWhenRestricted: false,
};
