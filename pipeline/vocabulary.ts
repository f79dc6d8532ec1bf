/**
 * The domain's vocabulary, defined once: the stages of the pipeline, the workflow types, the
 * statuses a workflow passes through, the tenant's operational modes and the claimant's
 * languages (the codes of the language packs loaded from pipeline/languages). Everything else (the Redis key builder, the API's filters, the operator CLI, the
 * webhook samples, the stages) imports these names from here.
 */

export const stageNames = ['gateway', 'consent', 'router', 'truth', 'knowledge', 'policy', 'outbound'] as const;
export type StageName = (typeof stageNames)[number];

export function isStageName(value: string): value is StageName {
  return (stageNames as readonly string[]).includes(value);
}

export const workflowTypes = ['claim-status', 'pending-documents', 'query-reason', 'human-handover'] as const;
export type WorkflowType = (typeof workflowTypes)[number];

export const workflowStatuses = [
  'started', 'awaiting_consent', 'awaiting_choice', 'awaiting_documents', 'awaiting_agent', 'with_agent', 'completed', 'policy_blocked', 'timed_out', 'cancelled',
] as const;
export type WorkflowStatus = (typeof workflowStatuses)[number];

export const operationalModes = ['OPERATIONAL', 'RESTRICTED', 'SUSPENDED'] as const;
export type OperationalMode = (typeof operationalModes)[number];

export function isOperationalMode(value: unknown): value is OperationalMode {
  return typeof value === 'string' && (operationalModes as readonly string[]).includes(value);
}

/** A language code of a loaded pack (`isLanguage` checks one that arrives from outside). */
export type Language = string;
export { isLanguage, languageCodes } from './languages';
