/**
 * For partners' webhook receivers: checks a delivery's Standard Webhooks signature (with the
 * `standardwebhooks` library, against the `whsec_` secret the endpoint was given) and returns the
 * event, typed after docs/events.md. Pass the raw body exactly as received: a parsed and
 * re-serialised body no longer matches its signature.
 */
import { Webhook } from 'standardwebhooks';
import type { components } from './openapi';

type WorkflowStatus = components['schemas']['WorkflowStatus'];
type WorkflowType = components['schemas']['WorkflowType'];
type OperationalMode = 'OPERATIONAL' | 'RESTRICTED' | 'SUSPENDED';

interface Envelope<Type extends string, Data> {
  /** `msg_` and 24 hex: the same on every attempt and resend of one event; deduplicate on it. */
  id: string;
  type: Type;
  tenant_id: string;
  timestamp: string;
  workflow_id: string | null;
  /** Per workflow, increasing: order one workflow's events by it, not by arrival. */
  sequence: number | null;
  data: Data;
}

/** Where an event sits in the tenant's audit ledger. */
interface LedgerRef {
  at: string;
  audit_event_id: string;
  ledger_position: number;
}

export type WorkflowStatusEvent = {
  [S in WorkflowStatus]: Envelope<`workflow.${S}`, LedgerRef & {
    workflow_id: string;
    workflow_type: WorkflowType | null;
    status: S;
    previous_status: WorkflowStatus | null;
    claim_id_hash: string | null;
  }>;
}[WorkflowStatus];

export type OperationalModeChangedEvent = Envelope<'operational_mode.changed', LedgerRef & {
  from: OperationalMode;
  to: OperationalMode;
  reason: string;
  changed_by: string;
}>;

export type DocumentReceivedEvent = Envelope<'pending_documents.document_received', LedgerRef & {
  pending_docs_workflow_id: string;
  media_id: string;
  media_kind: string;
  mime: string | null;
  document: string;
  accepted: boolean;
  complete: boolean;
}>;

export type DocumentsEscalatedEvent = Envelope<'pending_documents.escalated', LedgerRef & {
  pending_docs_workflow_id: string;
  missing: number;
  received: number;
  reason: string;
}>;

/** A reply the provider could not deliver to the claimant (its `failed` status; SMS `undelivered`). */
export type ReplyDeliveryFailedEvent = Envelope<'reply.delivery_failed', LedgerRef & {
  workflow_id: string;
  /** The workflow step whose reply failed. */
  step: number;
  /** The provider's word: `failed`, or SMS `undelivered`. */
  provider_status: string;
  /** The provider's error code (WhatsApp `errors[0].code`, SMS `ErrorCode`), or null. */
  error_code: string | null;
}>;

/** What every human-handover notice carries: the conversation (docs/human-handover.md). */
interface HandoverRef extends LedgerRef {
  workflow_id: string;
  workflow_type: 'human-handover';
}

type HandoverEnvelope<Type extends string, Data> = Envelope<`human_handover.${Type}`, HandoverRef & Data>;

/** A claimant asked for a person; the request is being queued. Times in ms since the epoch. */
export type HandoverRequestedEvent = HandoverEnvelope<'requested', {
  reason: string;
  channel: 'whatsapp' | 'sms';
  /** When the first response is due (business time). */
  first_response_due: number;
  /** When the handover times out if nobody takes it. */
  max_wait_at: number;
}>;

/** A handler took the conversation. */
export type HandoverAssignedEvent = HandoverEnvelope<'assigned', {
  /** The user (or client) id who holds it. */
  agent: string;
  /** Who assigned it: the handler, or an admin. */
  by: string;
  token_type: 'human' | 'machine';
}>;

/** The claimant wrote while the handover was open; no workflow started for it. */
export type HandoverMessageReceivedEvent = HandoverEnvelope<'message_received', {
  channel: 'whatsapp' | 'sms';
  /** The message, tier-3 PHI masked; null once the transcript is gone. */
  text: string | null;
  /** `sha256:<hex>` of the claimant's number, never the number. */
  claimant_phone_hash: string | null;
  /** Its id in `GET /v1/workflows/{id}/messages`. */
  transcript_id: string;
  /** A photo or document: its WhatsApp media id and kind. */
  media_id?: string;
  media_kind?: string;
}>;

/** The first response became overdue with nobody holding the conversation. */
export type HandoverSlaBreachedEvent = HandoverEnvelope<'sla_breached', { sla: 'first_response' }>;

/** A handler released the conversation; the bot answers again. */
export type HandoverCompletedEvent = HandoverEnvelope<'completed', {
  resolution: 'resolved' | 'back_to_bot';
  agent: string;
  by: string;
  token_type: 'human' | 'machine';
}>;

/** Nobody took it within `max_wait`; the claimant was told. */
export type HandoverTimedOutEvent = HandoverEnvelope<'timed_out', { sla: 'max_wait' }>;

/** The claimant ended it: a cancel message, or STOP (consent withdrawn). */
export type HandoverCancelledEvent = HandoverEnvelope<'cancelled', { by: 'claimant' | 'stop' }>;

export type HumanHandoverEvent = HandoverRequestedEvent | HandoverAssignedEvent | HandoverMessageReceivedEvent | HandoverSlaBreachedEvent
  | HandoverCompletedEvent | HandoverTimedOutEvent | HandoverCancelledEvent;

/** Every event docs/events.md lists; narrow on `type`. */
export type ClaimsWebhookEvent = WorkflowStatusEvent | OperationalModeChangedEvent | DocumentReceivedEvent | DocumentsEscalatedEvent | ReplyDeliveryFailedEvent
  | HumanHandoverEvent;

/** One key per event type, so a type the union gains and this list lacks is a compile error. */
const knownTypeKeys: Record<ClaimsWebhookEvent['type'], true> = {
  'workflow.started': true, 'workflow.awaiting_consent': true, 'workflow.awaiting_choice': true, 'workflow.awaiting_documents': true,
  'workflow.awaiting_agent': true, 'workflow.with_agent': true, 'workflow.completed': true, 'workflow.policy_blocked': true,
  'workflow.timed_out': true, 'workflow.cancelled': true,
  'operational_mode.changed': true, 'pending_documents.document_received': true, 'pending_documents.escalated': true, 'reply.delivery_failed': true,
  'human_handover.requested': true, 'human_handover.assigned': true, 'human_handover.message_received': true, 'human_handover.sla_breached': true,
  'human_handover.completed': true, 'human_handover.timed_out': true, 'human_handover.cancelled': true,
};
const knownTypes = new Set<string>(Object.keys(knownTypeKeys));

/** The signature did not verify (wrong secret, changed body, or a timestamp outside 5 minutes): answer 400, do not act. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/**
 * The delivery verified, but its type is newer than this SDK: acknowledge it (2xx) so it is not
 * retried, and update the SDK to handle it. `envelope` is the verified body.
 */
export class UnknownWebhookEventError extends Error {
  override name = 'UnknownWebhookEventError';
  constructor(readonly envelope: Envelope<string, Record<string, unknown>>) {
    super(`webhook event type ${envelope.type} is not known to this SDK version`);
  }
}

/**
 * Verifies one delivery and returns its event. `headers`: the request's headers (a `Headers`, or
 * Node's `req.headers`); `rawBody`: the body as received.
 */
export function verifyWebhook(secret: string, headers: Headers | Record<string, string | string[] | undefined>, rawBody: string): ClaimsWebhookEvent {
  const pick = (name: string): string => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  let envelope: Envelope<string, Record<string, unknown>>;
  try {
    envelope = new Webhook(secret).verify(rawBody, {
      'webhook-id': pick('webhook-id'), 'webhook-timestamp': pick('webhook-timestamp'), 'webhook-signature': pick('webhook-signature'),
    }) as Envelope<string, Record<string, unknown>>;
  } catch (err) {
    throw new WebhookVerificationError(err instanceof Error ? err.message : 'the webhook signature does not verify');
  }
  if (!knownTypes.has(envelope.type)) throw new UnknownWebhookEventError(envelope);
  // The type is one of the known ones; its data is what docs/events.md describes for it.
  return envelope as unknown as ClaimsWebhookEvent;
}
