/**
 * router: picks the workflow from the claimant's words with the intent grammar
 * (pipeline/understanding, docs/understanding.md), and the reply language from how they wrote:
 * the claimant's language as the consent stage read it against the conversation's
 * (`claimantLanguage`), answered in it or in the one the tenant offers instead.
 * When no intent is clear it asks instead of guessing: the question is held (`awaiting_choice`)
 * and the claimant is offered the workflows (reply buttons, or a numbered list); their tap,
 * number or clearer question continues the held one. Small talk starts nothing: a greeting gets
 * a short answer with the same offer, a thanks or acknowledgement a closing reply. A document or image goes to the workflow that takes them
 * (pending-documents); an entry a CMS event or a resume started already names its workflow. The
 * workflows, their intents and their routes are the registry's (pipeline/workflows/): a chosen
 * workflow goes on to the stage after router on its route. While the tenant is RESTRICTED only
 * claim-status runs: other work is held here, in order, until the mode allows it
 * (docs/operational-modes.md).
 */
import { AppError } from '../../src/errors';
import { understandMessage } from '../intents';
import { detectLanguage } from '../language';
import { replyLanguage } from '../language-offer';
import { defaultLanguage, isLanguage, packOf } from '../languages';
import type { Decision, Envelope, Language, Stage, StageContext, WorkflowPayload } from '../types';
import { choiceOf } from '../understanding/choices';
import { restrictedHold } from '../workflows/definition';
import { mediaWorkflow, next, registeredWorkflows, workflowByIntent, type WorkflowDefinition } from '../workflows';

export const router: Stage = {
  name: 'router',
  async handle(envelope, ctx): Promise<Decision> {
    const { heldChoice, holdsConversation, ...payload } = envelope.payload;
    // A follow-up the CMS (or a resume) started has no words to read: its language was given.
    const named = workflowByIntent(payload.intent);
    if (named) {
      const given = payload.claimantLanguage ?? payload.language ?? defaultLanguage;
      return route(envelope, ctx, named, { ...payload, ...await answerIn(ctx, envelope.tenantId, given) } as WorkflowPayload);
    }
    // A workflow that holds the claimant's conversation (a person is answering them) takes the message first.
    if (holdsConversation) {
      for (const holder of registeredWorkflows()) {
        const held = holder.intercept ? await holder.intercept({ ...envelope, payload }, ctx, holdsConversation) : null;
        if (held) return held;
      }
    }
    // A held question the claimant has now chosen for: its language is the one it was asked in.
    if (payload.choice) {
      const intent = payload.choice;
      const asked = payload.claimantLanguage ?? payload.language ?? detectLanguage(payload.text);
      return routeIntent(envelope, ctx, intent, { ...payload, ...await answerIn(ctx, envelope.tenantId, asked) }, 'choice');
    }
    // The consent stage read the message against the conversation's language; a held question
    // resumed here carries the one it was asked in.
    const claimant = payload.claimantLanguage ?? detectLanguage(payload.text);
    const inLanguage = await answerIn(ctx, envelope.tenantId, claimant);
    const { language } = inLanguage;
    const takesMedia = payload.media ? mediaWorkflow() : null;
    if (takesMedia?.media) {
      return route(envelope, ctx, takesMedia, { ...payload, ...inLanguage, intent: takesMedia.media.intent } as WorkflowPayload);
    }
    const chosen = choiceOf(payload.text, payload.choiceId);
    if (chosen) {
      // A tap or a number: it continues the held question (keeping that question's words and
      // language); with nothing held, or when the held one is gone by the hand-off, it runs itself.
      const decision = await routeIntent(envelope, ctx, chosen.intent, { ...payload, ...await answerIn(ctx, envelope.tenantId, choiceLanguage(chosen.language, claimant)) }, 'choice');
      return heldChoice ? withResume(decision, { choice: chosen.intent }) : decision;
    }
    const understood = understandMessage<string>(payload.text, await ctx.vocabulary.words(envelope.tenantId));
    const detail = { language, confidence: understood.confidence };
    if (understood.kind === 'intent') {
      const decision = await routeIntent(envelope, ctx, understood.intent, { ...payload, ...inLanguage }, understood.template);
      // A clearer question answers the held one: it continues with these words and this language.
      return heldChoice ? withResume(decision, { choice: understood.intent, text: payload.text, ...inLanguage }) : decision;
    }
    if (understood.kind === 'small_talk') {
      // A greeting is answered with the offer; a thanks or an acknowledgement closes the exchange.
      const reply = understood.closing ? { template: 'small_talk_closing', vars: {} } : { template: 'small_talk', vars: {}, choices: true };
      return {
        kind: 'forward', to: next(null, 'router'), payload: { ...payload, ...inLanguage, reply },
        patch: { language, outcome: 'small_talk' },
        audit: { type: 'intent.small_talk', detail: { ...detail, closing: understood.closing } },
      };
    }
    // Unclear: hold the question and ask which workflow the claimant means.
    const held: WorkflowPayload = { ...payload, ...inLanguage };
    return {
      kind: 'forward', to: next(null, 'router'), status: 'awaiting_choice',
      payload: { ...held, reply: { template: 'clarify', vars: {}, choices: true }, afterSend: 'awaiting_choice' },
      patch: { language, outcome: 'clarification_requested' },
      audit: { type: 'intent.unclear', detail: { ...detail, runner_up: runnerUp(understood.scores) } },
      effects: [{ type: 'choice.park', payload: held }],
    };
  },
};

/** The language a reply is written in under the tenant's offer, with the claimant's beside it
 *  (pipeline/language-offer.ts: the policy stage adds the offered-languages line when they differ
 *  because the claimant's is not offered). */
async function answerIn(ctx: StageContext, tenantId: string, claimant: Language): Promise<{ language: Language; claimantLanguage: Language }> {
  const { language } = replyLanguage(await ctx.languages.offer(tenantId), claimant);
  return { language, claimantLanguage: claimant };
}

/**
 * The language of a choice: a tapped button's (the language it was offered in), or a number's
 * digits' script's default language when that script is not the conversation's ("१" in an English
 * conversation is Hindi, in a Marathi one still Marathi); else the conversation's.
 */
function choiceLanguage(told: Language | null, claimant: Language): Language {
  if (told === null || !isLanguage(claimant)) return told ?? claimant;
  return packOf(told).scriptOf === packOf(claimant).scriptOf ? claimant : told;
}

/** The two best intents' scores, for the ledger ("0.72,0.68"): why the router asked. */
function runnerUp(scores: Record<string, number>): string {
  return Object.values(scores).sort((a, b) => b - a).slice(0, 2).join(',');
}

function withResume(decision: Decision, patch: Partial<WorkflowPayload>): Decision {
  if (decision.kind !== 'forward') return decision;
  return { ...decision, effects: [...(decision.effects ?? []), { type: 'choice.resume' as const, patch }] };
}

async function routeIntent(envelope: Envelope, ctx: StageContext, intent: string, payload: WorkflowPayload, matchedBy: string): Promise<Decision> {
  const workflow = workflowByIntent(intent);
  if (!workflow) throw new AppError('invalid_envelope', `no workflow has the intent ${intent}`);
  // The registry keeps a workflow's intent and its payload variant together.
  const named = { ...payload, intent: workflow.intent } as WorkflowPayload;
  const decision = await route(envelope, ctx, workflow, workflow.start ? workflow.start(named) : named);
  if (decision.kind !== 'forward') return decision;
  decision.audit.detail = { ...decision.audit.detail, matched_by: matchedBy };
  // A held question's outcome said it waited for a choice; now it says the claimant chose.
  if (matchedBy === 'choice') decision.patch = { ...decision.patch, outcome: 'chosen' };
  return decision;
}

/** On to the stage after router on the workflow's route, unless RESTRICTED holds it here. */
async function route(envelope: Envelope, ctx: StageContext, workflow: WorkflowDefinition, payload: WorkflowPayload): Promise<Decision> {
  const held = await restrictedHold(ctx, envelope, workflow, 'router');
  if (held) return held;
  const language = payload.language!;
  return {
    kind: 'forward', to: next(workflow, 'router'), payload,
    patch: { workflow_type: workflow.type, language },
    audit: { type: 'workflow.routed', detail: { workflow_type: workflow.type, language } },
  };
}
