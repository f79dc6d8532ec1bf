/**
 * router: picks the workflow by template match on the claimant's words, and the reply language
 * from how they wrote. Anything unrecognised gets the help reply listing what can be asked.
 */
import { matchIntent } from '../intents';
import { detectLanguage } from '../language';
import type { Decision, Stage } from '../types';
import { claimStatus } from '../workflows/claim-status';

export const router: Stage = {
  name: 'router',
  async handle(envelope): Promise<Decision> {
    const { payload } = envelope;
    const language = detectLanguage(payload.text);
    const intent = matchIntent(payload.text);
    if (intent === claimStatus.intent) {
      return {
        kind: 'forward', to: 'truth', payload: { ...payload, language, intent },
        patch: { workflow_type: claimStatus.type, language },
        audit: { type: 'workflow.routed', detail: { workflow_type: claimStatus.type, language } },
      };
    }
    return {
      kind: 'forward', to: 'policy', payload: { ...payload, language, reply: { template: 'help', vars: {} } },
      patch: { language, outcome: 'unrecognised' },
      audit: { type: 'intent.unrecognised', detail: { language } },
    };
  },
};
