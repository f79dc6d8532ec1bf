/**
 * A question held for the claimant's answer (the consent request, or which workflow they meant):
 * one per claimant. A newer question replaces the one held (docs/workflows.md, "Supersede").
 */
import type { Channel } from './types';

/**
 * The held workflow a question about to be parked by `workflowId` supersedes: the one held now
 * (as read before the hand-off), unless that is this workflow itself; null when none is held.
 * The hand-off closes it (`cancelled`, `outcome: superseded`) while it is still the held one and
 * still waiting for an answer.
 */
export function supersededQuestion(workflowId: string, held: { workflowId: string } | null): string | null {
  return held !== null && held.workflowId !== workflowId ? held.workflowId : null;
}

/**
 * Whether a message on `channel` answers a held choice of workflow: only one on the channel the
 * choice was offered on. A message is answered on the channel it came in on, so a question held on
 * SMS is not folded into a WhatsApp message (its answer would go to SMS); the message runs by
 * itself and the held question keeps waiting for its own channel.
 */
export function answersHeldChoice(channel: Channel, held: { payload: { channel: Channel } }): boolean {
  return held.payload.channel === channel;
}
