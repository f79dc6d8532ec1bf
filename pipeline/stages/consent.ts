/**
 * consent: no claim data is read before the claimant agrees. A first message from a number
 * with no consent on file is held (`awaiting_consent`) and answered with the consent request;
 * "YES" records consent and resumes the held question at the router, "NO" ends it politely,
 * "STOP" withdraws consent at any time. Every answer is an audited effect.
 */
import words from '../data/consent-words.json';
import { detectLanguage } from '../language';
import { normalise } from '../text';
import type { Decision, Stage } from '../types';

type Answer = 'yes' | 'no' | 'stop';

const answers = new Map<string, Answer>();
for (const answer of ['yes', 'no', 'stop'] as const) {
  for (const word of words[answer]) answers.set(normalise(word), answer);
}

export function consentAnswer(text: string): Answer | null {
  return answers.get(normalise(text)) ?? null;
}

export const consent: Stage = {
  name: 'consent',
  async handle(envelope, ctx): Promise<Decision> {
    const { payload, tenantId } = envelope;
    const record = await ctx.consent.lookup(tenantId, payload.from);
    const answer = consentAnswer(payload.text);
    const language = detectLanguage(payload.text);
    const parked = record.parkedWorkflowId;

    if (answer === 'stop' || (answer === 'no' && record.state !== 'granted')) {
      const state = answer === 'stop' ? 'revoked' : 'declined';
      const template = answer === 'stop' ? 'consent_revoked' : 'consent_declined';
      const audit = { type: `consent.${state}` };
      if (parked) {
        return {
          kind: 'finish', status: 'completed', audit,
          effects: [{ type: 'consent.set', state }, { type: 'consent.resume', to: 'policy', status: 'started', patch: { language, reply: { template, vars: {} }, afterSend: 'cancelled' } }],
        };
      }
      return { kind: 'forward', to: 'policy', payload: { ...payload, language, reply: { template, vars: {} } }, patch: { language }, audit, effects: [{ type: 'consent.set', state }] };
    }

    if (record.state === 'granted') {
      return { kind: 'forward', to: 'router', payload, audit: { type: 'consent.on_file' } };
    }

    if (answer === 'yes') {
      const audit = { type: 'consent.granted' };
      if (parked) {
        return { kind: 'finish', status: 'completed', audit, effects: [{ type: 'consent.set', state: 'granted' }, { type: 'consent.resume', to: 'router', status: 'started' }] };
      }
      return {
        kind: 'forward', to: 'policy', payload: { ...payload, language, reply: { template: 'consent_thanks', vars: {} } },
        patch: { language }, audit, effects: [{ type: 'consent.set', state: 'granted' }],
      };
    }

    // No consent on file and not an answer: hold the question and ask.
    return {
      kind: 'forward', to: 'policy', status: 'awaiting_consent',
      payload: { ...payload, language, reply: { template: 'consent_request', vars: {} }, afterSend: 'awaiting_consent' },
      patch: { language },
      audit: { type: 'consent.requested' },
      effects: [{ type: 'consent.park', payload }],
    };
  },
};
