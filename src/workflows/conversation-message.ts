/**
 * One message of a human-handover conversation as the API shows it (docs/human-handover.md): built
 * from the transcript in Redis (src/workflows/handovers.ts) and kept so in the archive
 * (src/archive/archive-store.ts), which both read this one definition.
 */
/** One message of a conversation, as the API shows it. */
export interface ConversationMessage {
  id: string;
  author: 'claimant' | 'bot' | 'agent';
  /** The handler's user (or client) id, for an agent's message. */
  agent_id: string | null;
  at: string;
  channel: string;
  /** Claimant text after tier-3 PHI redaction; the bot's and the handler's as sent. */
  text: string;
  /** How far a message to the claimant got: `queued`, `awaiting_window` (WhatsApp: held until the
   *  claimant writes again), `sent`, `delivered`, `read`, `failed`, `blocked`; null for the claimant's. */
  delivery: { status: string; error_code: string | null } | null;
}
