/**
 * The envelope every partner webhook carries (docs/webhooks.md). Its `id` is also the
 * `webhook-id` header: the same on every attempt and every resend of one event, so receivers can
 * deduplicate on it.
 */
import { createHash, randomBytes } from 'node:crypto';

/** What a caller hands to `enqueue`. `data` must hold PHI only as `sha256:` hashes. */
export interface WebhookEvent {
  /** Dotted event name, e.g. `workflow.completed`, `operational_mode.changed`. */
  type: string;
  workflow_id?: string;
  /** Position of this event in its workflow's events; assigned when absent and `workflow_id` is given. */
  sequence?: number;
  data: Record<string, unknown>;
  /**
   * A message id chosen by the caller (`msg_` + 24 hex), making the enqueue idempotent: an event
   * whose id was already queued is not queued again. Default: a fresh random id.
   */
  id?: string;
  /** When the event happened (ms); default the enqueue time. */
  at?: number;
  /**
   * The W3C `traceparent` of the step that made the event, with tracing on: each delivery's span
   * is its child (docs/tracing.md). Kept beside the message, never in the body.
   */
  traceparent?: string;
}

/** The JSON body POSTed to the partner. */
export interface WebhookEnvelope {
  /** `msg_` followed by 24 hex characters; equals the `webhook-id` header. */
  id: string;
  type: string;
  tenant_id: string;
  /** When the event happened (ISO 8601, UTC, ms). */
  timestamp: string;
  workflow_id: string | null;
  /** Per-workflow, increasing: order events of one workflow by it, not by arrival. Null without a workflow. */
  sequence: number | null;
  data: Record<string, unknown>;
}

export const messageIdPattern = /^msg_[0-9a-f]{24}$/;
const typePattern = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;
/** Largest body the outbox takes (bytes); webhooks are notifications, not documents. */
export const maxBodyBytes = 64 * 1024;

export function newMessageId(): string {
  return `msg_${randomBytes(12).toString('hex')}`;
}

/** The message id of the webhook for one audit event: the same every time it is derived. */
export function messageIdFor(auditEventId: string): string {
  return `msg_${createHash('sha256').update(auditEventId).digest('hex').slice(0, 24)}`;
}

/**
 * The body split around `sequence`, so the enqueue script can put in a sequence it assigns
 * atomically without re-encoding `data` in Lua (cjson would turn `[]` into `{}`).
 */
export function envelopeParts(id: string, tenantId: string, event: WebhookEvent, nowMs: number): { head: string; tail: string } {
  if (!typePattern.test(event.type)) throw new Error(`webhook event type ${JSON.stringify(event.type)} is not a dotted lower-case name`);
  if (!event.data || typeof event.data !== 'object' || Array.isArray(event.data)) throw new Error('webhook event data must be an object');
  if (event.sequence !== undefined && !(Number.isSafeInteger(event.sequence) && event.sequence >= 0)) throw new Error('webhook event sequence must be a non-negative integer');
  if (event.workflow_id !== undefined && (typeof event.workflow_id !== 'string' || event.workflow_id === '')) throw new Error('webhook event workflow_id must be a non-empty string');
  const head = JSON.stringify({ id, type: event.type, tenant_id: tenantId, timestamp: new Date(nowMs).toISOString(), workflow_id: event.workflow_id ?? null });
  const tail = `,"data":${JSON.stringify(event.data)}}`;
  if (Buffer.byteLength(head) + Buffer.byteLength(tail) > maxBodyBytes) throw new Error(`webhook event body over ${maxBodyBytes} bytes`);
  return { head: `${head.slice(0, -1)},"sequence":`, tail };
}
