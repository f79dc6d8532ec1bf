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

/** Every event docs/events.md lists; narrow on `type`. */
export type ClaimsWebhookEvent = WorkflowStatusEvent | OperationalModeChangedEvent | DocumentReceivedEvent | DocumentsEscalatedEvent | ReplyDeliveryFailedEvent;

const knownTypes = new Set<string>([
  'workflow.started', 'workflow.awaiting_consent', 'workflow.awaiting_choice', 'workflow.awaiting_documents', 'workflow.completed',
  'workflow.policy_blocked', 'workflow.timed_out', 'workflow.cancelled',
  'operational_mode.changed', 'pending_documents.document_received', 'pending_documents.escalated', 'reply.delivery_failed',
]);

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
