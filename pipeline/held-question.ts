/**
 * A question held for the claimant's answer (the consent request, or which workflow they meant):
 * one per claimant. A newer question replaces the one held (docs/workflows.md, "Supersede").
 */

/**
 * The held workflow a question about to be parked by `workflowId` supersedes: the one held now
 * (as read before the hand-off), unless that is this workflow itself; null when none is held.
 * The hand-off closes it (`cancelled`, `outcome: superseded`) while it is still the held one and
 * still waiting for an answer.
 */
export function supersededQuestion(workflowId: string, held: { workflowId: string } | null): string | null {
  return held !== null && held.workflowId !== workflowId ? held.workflowId : null;
}
