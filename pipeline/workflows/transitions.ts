/**
 * The workflow state machine: which status may follow which. The hand-off script enforces it
 * (a decision that would break it is dropped and logged), and docs/workflows.md documents the
 * same table (a test compares the two).
 */
import type { WorkflowStatus } from '../types';

export const transitions: Readonly<Record<WorkflowStatus, readonly WorkflowStatus[]>> = {
  // Resumed after consent, or simply moving through the stages.
  started: ['started', 'awaiting_consent', 'awaiting_choice', 'awaiting_documents', 'awaiting_agent', 'completed', 'policy_blocked', 'cancelled'],
  // Consent given (back to started), declined or superseded (cancelled), or still waiting.
  awaiting_consent: ['awaiting_consent', 'started', 'cancelled'],
  // The claimant chose (back to started), or a newer question superseded it (cancelled).
  awaiting_choice: ['awaiting_choice', 'started', 'cancelled'],
  awaiting_documents: ['awaiting_documents', 'completed', 'timed_out', 'cancelled'],
  // human-handover: queued for a person, then held by one, until released, timed out or cancelled.
  awaiting_agent: ['awaiting_agent', 'with_agent', 'completed', 'timed_out', 'cancelled'],
  with_agent: ['with_agent', 'completed', 'cancelled'],
  completed: [],
  policy_blocked: [],
  // A handover that ended with a reply still to send (timed out, cancelled) keeps its status
  // while the reply goes out; pending-documents resumes from either.
  timed_out: ['started', 'timed_out'],
  cancelled: ['started', 'cancelled'],
};
