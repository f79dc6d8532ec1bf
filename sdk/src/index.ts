/** `@claims/sdk`: the Claims Workflow Service partner API client (README.md in this folder). */
export { createClaimsClient, type ClaimsClient, type ClaimsClientOptions } from './client';
export { ClaimsApiError } from './errors';
export type { components, operations, paths } from './openapi';
export { TokenManager, type TokenManagerOptions } from './token-manager';
export {
  UnknownWebhookEventError, verifyWebhook, WebhookVerificationError,
  type ClaimsWebhookEvent, type DocumentReceivedEvent, type DocumentsEscalatedEvent, type OperationalModeChangedEvent, type ReplyDeliveryFailedEvent,
  type WorkflowStatusEvent, type HumanHandoverEvent, type HandoverRequestedEvent, type HandoverAssignedEvent, type HandoverMessageReceivedEvent,
  type HandoverSlaBreachedEvent, type HandoverCompletedEvent, type HandoverTimedOutEvent, type HandoverCancelledEvent,
} from './webhooks';
