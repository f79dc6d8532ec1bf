/**
 * consent: no claim data is read before the claimant agrees. A first message from a number
 * with no consent on file is held (`awaiting_consent`) and answered with the consent request;
 * "YES" records consent and resumes the held question at the router, "NO" ends it politely,
 * "STOP" withdraws consent and "START" restores it at any time. Every answer is an audited
 * effect. A reply here is in the language of the claimant's words, or, where the words tell none
 * (STOP, YES, "ok", a number: pipeline/conversation-language.ts), in the conversation's: the
 * language the claimant last wrote in, kept on their consent record when it changes; the router
 * reads it from the payload (`claimantLanguage`). A language the tenant does not offer is answered
 * in the one it offers instead (pipeline/language-offer.ts). An SMS provider's own opt-out and opt-in keywords change consent the same way, but the
 * provider answers them, so the service sends nothing (pipeline/channels.ts).
 */
import { providerKeywords } from '../channels';
import { toldLanguage } from '../conversation-language';
import { replyLanguage } from '../language-offer';
import { defaultLanguage, languages } from '../languages';
import { normalise } from '../text';
import type { Channel, Decision, Effect, Envelope, Language, Stage, StageContext } from '../types';
import { next, registeredWorkflows, replyStage, workflowOf } from '../workflows';

/** Where a held question continues once answered: the stage after consent on every route. */
const resumeAt = next(null, 'consent');
/** Where a reply the provider already gave goes: past the gate (nothing is sent), to outbound,
 *  which records it. */
const afterGate = next(null, replyStage);

type Answer = 'yes' | 'no' | 'stop' | 'start';

/** Every pack's `consent` words (pipeline/languages), as a whole message. */
export function consentAnswer(text: string): Answer | null {
  return languages.consent.get(normalise(text)) ?? null;
}

/** The consent change a provider keyword makes (the provider answered it), or null. */
export function providerKeyword(channel: Channel, text: string): 'stop' | 'start' | null {
  const word = normalise(text);
  const { optOut, optIn } = providerKeywords[channel];
  return optOut.includes(word) ? 'stop' : optIn.includes(word) ? 'start' : null;
}

/**
 * The language a first message's words tell, or null when they tell none: a native script
 * (Devanagari is Hindi) or a romanised language's marker word (Hinglish) tells it whatever the
 * message; Latin words with no marker are the default language (English), except a bare consent
 * keyword ("stop", "yes", "ok": written so in every language) and a message without words (a
 * number, an emoji, a claim number). Later messages are read against the conversation's language
 * (pipeline/conversation-language.ts).
 */
export function spokenLanguage(text: string, keyword: boolean): Language | null {
  return toldLanguage(text, null, keyword);
}

/** The effect that ends the claimant's held conversation on STOP, if a workflow holds one. */
async function heldConversation(envelope: Envelope, ctx: StageContext, providerAnswered: boolean, holding: string): Promise<Effect | null> {
  for (const workflow of registeredWorkflows()) {
    const effect = workflow.onConsentRevoked ? await workflow.onConsentRevoked(envelope, ctx, providerAnswered, holding) : null;
    if (effect) return effect;
  }
  return null;
}

export const consent: Stage = {
  name: 'consent',
  async handle(envelope, ctx): Promise<Decision> {
    const { payload, tenantId } = envelope;
    const record = await ctx.consent.lookup(tenantId, payload.from);
    const keyword = providerKeyword(payload.channel, payload.text);
    const answer = keyword ?? consentAnswer(payload.text);
    // A follow-up the CMS started has no text, and carries the language it was started in; a
    // claimant's message is read for its language, and a keyword is answered in the conversation's.
    const cmsStarted = payload.text.trim() === '' && payload.language !== undefined;
    const spoken = cmsStarted ? null : toldLanguage(payload.text, record.language ?? null, answer !== null);
    const conversation = record.language ?? defaultLanguage;
    const claimant = cmsStarted ? payload.language! : spoken ?? conversation;
    // The conversation's language moved: kept with the consent record (written with it, or to it).
    const remember: Effect[] = spoken !== null && spoken !== conversation ? [{ type: 'consent.language', language: spoken }] : [];
    // The language this stage's own replies are in: the claimant's, or the one the tenant offers instead.
    const { language } = replyLanguage(await ctx.languages.offer(tenantId), claimant);
    const told = { claimantLanguage: claimant };
    const parked = record.parkedWorkflowId;

    // STOP while a workflow holds the conversation (a person is answering): that one ends, and
    // answers the STOP itself (its step replies in its own thread).
    const holding = answer === 'stop' && record.holding ? await heldConversation(envelope, ctx, keyword === 'stop', record.holding) : null;
    if (holding) {
      const audit = keyword === 'stop' ? { type: 'consent.revoked', detail: { answered_by: 'provider' } } : { type: 'consent.revoked' };
      return { kind: 'finish', status: 'completed', patch: { consent_change: 'revoked' }, audit, effects: [{ type: 'consent.set', state: 'revoked' }, ...remember, holding] };
    }
    // The provider already blocked or unblocked the number and told the claimant so.
    if (keyword === 'stop') {
      const audit = { type: 'consent.revoked', detail: { answered_by: 'provider' } };
      const effects = [{ type: 'consent.set', state: 'revoked' } as const];
      // The record that says the claimant withdrew consent (docs/reports.md): this message's own, or,
      // when it is folded into the held question, the held one's (written by outbound).
      if (!parked) return { kind: 'finish', status: 'completed', patch: { consent_change: 'revoked' }, audit, effects };
      // The held question ends without a reply too: outbound sees `providerAnswered`.
      return { kind: 'finish', status: 'completed', audit, effects: [...effects, { type: 'consent.resume', to: afterGate, status: 'started', patch: { providerAnswered: true, afterSend: 'cancelled', consentChange: 'revoked' } }] };
    }
    if (keyword === 'start' && !parked) {
      return { kind: 'finish', status: 'completed', audit: { type: 'consent.granted', detail: { answered_by: 'provider' } }, effects: [{ type: 'consent.set', state: 'granted' }] };
    }

    if (answer === 'stop' || (answer === 'no' && record.state !== 'granted')) {
      const state = answer === 'stop' ? 'revoked' : 'declined';
      const template = answer === 'stop' ? 'consent_revoked' : 'consent_declined';
      const audit = { type: `consent.${state}` };
      if (parked) {
        return {
          kind: 'finish', status: 'completed', audit,
          effects: [{ type: 'consent.set', state }, ...remember, { type: 'consent.resume', to: replyStage, status: 'started', patch: { language, ...told, reply: { template, vars: {} }, afterSend: 'cancelled', consentChange: state } }],
        };
      }
      return { kind: 'forward', to: replyStage, payload: { ...payload, language, ...told, reply: { template, vars: {} } }, patch: { language, consent_change: state }, audit, effects: [{ type: 'consent.set', state }, ...remember] };
    }

    if (record.state === 'granted') {
      // A question held for a choice of workflow: the router decides whether this message answers it.
      const heldChoice = record.parkedStatus === 'awaiting_choice' && parked ? { heldChoice: parked } : {};
      // A workflow keeps a conversation of theirs (a person may be answering): the router asks it first.
      const holds = record.holding ? { holdsConversation: record.holding } : {};
      return {
        kind: 'forward', to: next(workflowOf(payload), 'consent'), payload: { ...payload, ...told, ...heldChoice, ...holds }, audit: { type: 'consent.on_file' },
        ...(remember.length > 0 ? { effects: remember } : {}),
      };
    }

    // START restores consent like YES; with a question held, it is answered now.
    if (answer === 'yes' || answer === 'start') {
      const audit = { type: 'consent.granted' };
      if (parked) {
        return { kind: 'finish', status: 'completed', audit, effects: [{ type: 'consent.set', state: 'granted' }, ...remember, { type: 'consent.resume', to: resumeAt, status: 'started' }] };
      }
      return {
        kind: 'forward', to: replyStage, payload: { ...payload, language, ...told, reply: { template: 'consent_thanks', vars: {} } },
        patch: { language }, audit, effects: [{ type: 'consent.set', state: 'granted' }, ...remember],
      };
    }

    // No consent on file and not an answer: hold the question and ask.
    return {
      kind: 'forward', to: replyStage, status: 'awaiting_consent',
      payload: { ...payload, language, ...told, reply: { template: 'consent_request', vars: {} }, afterSend: 'awaiting_consent' },
      patch: { language },
      audit: { type: 'consent.requested' },
      effects: [{ type: 'consent.park', payload: { ...payload, ...told } }, ...remember],
    };
  },
};
