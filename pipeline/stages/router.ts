/**
 * router: picks the workflow by template match on the claimant's words, and the reply language
 * from how they wrote. A document or image goes to the pending-documents follow-up; an entry a
 * CMS event or a resume started already names its workflow. Anything unrecognised gets the help
 * reply listing what can be asked. While the tenant is RESTRICTED only claim-status runs: other
 * work is held here, in order, until the mode allows it (docs/operational-modes.md).
 */
import { matchIntent } from '../intents';
import { detectLanguage } from '../language';
import type { Decision, Envelope, Stage, StageContext, WorkflowPayload, WorkflowType } from '../types';
import { claimStatus } from '../workflows/claim-status';
import { documentsUploadIntent, pendingDocuments } from '../workflows/pending-documents';
import { queryReason } from '../workflows/query-reason';

export const router: Stage = {
  name: 'router',
  async handle(envelope, ctx): Promise<Decision> {
    const { payload } = envelope;
    // A follow-up the CMS (or a resume) started has no words to read: its language was given.
    if (payload.intent === pendingDocuments.intent && payload.pdStep) {
      return route(envelope, ctx, pendingDocuments.type, { ...payload, language: payload.language ?? 'EN' });
    }
    const language = detectLanguage(payload.text);
    if (payload.media) {
      return route(envelope, ctx, pendingDocuments.type, { ...payload, language, intent: documentsUploadIntent });
    }
    const intent = matchIntent(payload.text);
    if (intent === claimStatus.intent) return route(envelope, ctx, claimStatus.type, { ...payload, language, intent });
    if (intent === queryReason.intent) return route(envelope, ctx, queryReason.type, { ...payload, language, intent });
    if (intent === pendingDocuments.intent) return route(envelope, ctx, pendingDocuments.type, { ...payload, language, intent, pdStep: 'start' });
    return {
      kind: 'forward', to: 'policy', payload: { ...payload, language, reply: { template: 'help', vars: {} } },
      patch: { language, outcome: 'unrecognised' },
      audit: { type: 'intent.unrecognised', detail: { language } },
    };
  },
};

async function route(envelope: Envelope, ctx: StageContext, type: WorkflowType, payload: WorkflowPayload): Promise<Decision> {
  if (type !== 'claim-status' && (await ctx.modes.current(envelope.tenantId)) === 'RESTRICTED') {
    return { kind: 'hold', mode: 'RESTRICTED', audit: { type: 'work.held', detail: { mode: 'RESTRICTED', workflow_type: type } } };
  }
  const language = payload.language!;
  return {
    kind: 'forward', to: 'truth', payload,
    patch: { workflow_type: type, language },
    audit: { type: 'workflow.routed', detail: { workflow_type: type, language } },
  };
}
