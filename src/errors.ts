/**
 * One error type with a stable string code. The API answers it as RFC 7807 problem+json with
 * `error_code`; workers read `retryable` to choose between backoff and the dead-letter stream.
 * Every code here is documented in docs/errors.md (a test enforces it).
 */
export const errorCatalogue = {
  // API: request and auth
  invalid_request: { status: 400, title: 'Invalid request', retryable: false },
  invalid_cursor: { status: 400, title: 'The cursor is not one this API returned', retryable: false },
  malformed_json: { status: 400, title: 'Malformed JSON body', retryable: false },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', retryable: false },
  payload_too_large: { status: 413, title: 'Payload too large', retryable: false },
  invalid_token: { status: 401, title: 'Invalid or missing bearer token', retryable: false },
  invalid_client: { status: 401, title: 'Client authentication failed', retryable: false },
  invalid_signature: { status: 401, title: 'Webhook signature missing or wrong', retryable: false },
  invalid_grant: { status: 400, title: 'The grant (refresh token) is invalid, expired or revoked', retryable: false },
  invalid_credentials: { status: 401, title: 'Username or password is wrong', retryable: false },
  login_locked: { status: 429, title: 'Too many failed logins; try again later', retryable: true },
  unsupported_grant_type: { status: 400, title: 'Unsupported grant type', retryable: false },
  invalid_scope: { status: 400, title: 'Requested scope is not allowed', retryable: false },
  insufficient_scope: { status: 403, title: 'Token lacks the required scope', retryable: false },
  forbidden: { status: 403, title: 'Forbidden', retryable: false },
  csrf_check_failed: { status: 403, title: "The request did not come from the console's own page", retryable: false },
  not_found: { status: 404, title: 'Not found', retryable: false },
  workflow_not_found: { status: 404, title: 'Workflow not found', retryable: false },
  webhook_endpoint_not_found: { status: 404, title: 'No webhook endpoint is configured', retryable: false },
  delivery_not_found: { status: 404, title: 'Webhook delivery not found', retryable: false },
  article_not_found: { status: 404, title: 'Knowledge-base article not found', retryable: false },
  invalid_webhook_url: { status: 400, title: 'The webhook URL is not allowed', retryable: false },
  method_not_allowed: { status: 405, title: 'Method not allowed', retryable: false },
  conflict: { status: 409, title: 'Conflict', retryable: false },
  claim_not_found: { status: 404, title: 'The CMS has no such claim', retryable: false },
  workflow_type_mismatch: { status: 409, title: 'The operation does not apply to this workflow type', retryable: false },
  workflow_state_conflict: { status: 409, title: "The workflow's status does not allow this operation", retryable: false },
  claim_has_open_workflow: { status: 409, title: 'The claim has another open pending-documents workflow', retryable: false },
  conversation_held_by_another: { status: 409, title: 'Another handler holds this conversation', retryable: false },
  conversation_not_assigned: { status: 409, title: 'No handler holds this conversation yet', retryable: false },
  message_blocked: { status: 422, title: 'The message contains a phrase the policy gate blocks', retryable: false },
  sms_segment_budget_exceeded: { status: 422, title: "The message is longer than the tenant's SMS segment budget", retryable: false },
  audit_ledger_too_long: { status: 422, title: 'The audit ledger is too long to verify on request', retryable: false },
  report_period_too_large: { status: 422, title: 'The period holds too many workflows still in Redis for one report', retryable: false },
  audit_verify_running: { status: 409, title: 'A verification of this ledger is already running', retryable: true },
  idempotency_in_progress: { status: 409, title: 'A request with this Idempotency-Key is still in progress', retryable: true },
  idempotency_key_reused: { status: 422, title: 'This Idempotency-Key was used for a different request', retryable: false },
  rate_limited: { status: 429, title: 'Too many requests', retryable: true },
  internal_error: { status: 500, title: 'Internal Server Error', retryable: true },
  service_unavailable: { status: 503, title: 'Service Unavailable', retryable: true },
  store_unavailable: { status: 503, title: 'The service could not reach its data store; try again shortly', retryable: true },
  replica_wait_timeout: { status: 503, title: 'The write did not reach enough Redis replicas in time', retryable: true },
  console_not_built: { status: 503, title: 'The partner console is not built: run npm run build', retryable: false },
  // Pipeline: adapters and stages
  cms_unavailable: { status: 503, title: 'The CMS did not answer', retryable: true },
  cms_rejected: { status: 502, title: 'The CMS refused the request', retryable: false },
  channel_send_failed: { status: 502, title: 'The channel provider refused the message', retryable: true },
  channel_rejected: { status: 502, title: 'The channel provider rejected the message permanently', retryable: false },
  channel_opted_out: { status: 502, title: 'The recipient opted out of messages from this number (SMS STOP)', retryable: false },
  tenant_not_found: { status: 404, title: 'Tenant not found', retryable: false },
  max_deliveries: { status: 500, title: 'Delivered too many times without a hand-off', retryable: false },
  invalid_envelope: { status: 500, title: 'A stream entry could not be decoded', retryable: false },
  template_missing: { status: 500, title: 'No template for this tenant, channel and language', retryable: false },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  /** Extra members for the problem document (never PHI or secrets). */
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, message?: string, options: { retryable?: boolean; extra?: Record<string, unknown>; cause?: unknown } = {}) {
    const entry = errorCatalogue[code];
    super(message ?? entry.title, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.retryable = options.retryable ?? entry.retryable;
    this.extra = options.extra ?? {};
  }
}

/** Whether an unknown thrown value should be retried by a worker: unknown errors are. */
export function isRetryable(err: unknown): boolean {
  return err instanceof AppError ? err.retryable : true;
}

export function errorCode(err: unknown): string {
  return err instanceof AppError ? err.code : 'internal_error';
}
