/**
 * policy: renders the reply from the tenant's template registry and gates it before it can leave
 * (pipeline/policy-gate, docs/policy-gate.md). Every reply passes tier 1 (deny list) and tier 3
 * (PHI redaction); a new query-reason answer passes all four tiers, and once approved it is kept
 * in the answer cache. A blocked reply becomes the "a person will follow up" message and the
 * workflow ends `policy_blocked`. One audit event records the decision, tier by tier.
 */
import { defaultLanguage } from '../languages';
import { redactPhi } from '../policy-gate/phi-redaction';
import { runPolicyGate, type GateResult, type GateSource, type TierOutcome } from '../policy-gate';
import type { AuditNote, CitedArticle, Decision, Effect, RenderedReply, Stage } from '../types';
import { next, workflowOf } from '../workflows';
import { humanHandoverIntent } from '../workflows/human-handover';

/** The template of a claims handler's reply (src/redis/lua/postAgentReply-7.lua). */
const agentMessageTemplate = 'agent_message';

export const policy: Stage = {
  name: 'policy',
  // Reads its payload and the tenant's templates, deny list and PHI kinds, never the workflow record:
  // it may run fused after truth's forward, which sets the outcome and the claim hash.
  readsWorkflowRecord: false,
  async handle(envelope, ctx): Promise<Decision> {
    const { payload, tenantId } = envelope;
    const language = payload.language ?? defaultLanguage;
    const reply = payload.reply ?? { template: 'help', vars: {} };
    const rendered = await ctx.templates.render(tenantId, payload.channel, language, reply, payload.claimantLanguage);
    const answer = payload.answer;
    const fresh = answer !== undefined && !answer.cached;
    const query = payload.query;
    const tenantPhiKinds = await ctx.phiKinds.ofTenant(tenantId);

    const result: GateResult = fresh && answer.article === null
      // The search found nothing: there is no source to back any answer.
      ? { decision: 'block', text: '', tier: 4, reason: 'no_source', tiers: [{ tier: 1, outcome: 'pass', reason: 'not_listed' }, { tier: 4, outcome: 'block', reason: 'no_source' }], redactions: {} }
      : runPolicyGate({
        tiers: fresh ? 'answer' : 'reply',
        language,
        question: payload.text,
        reasonCodes: query?.reasonCodes ?? [],
        text: rendered.text,
        ownClaimId: query?.claimId ?? null,
        otherClaimIds: query?.otherClaimIds ?? [],
        names: query?.names ?? [],
        source: answer?.article ? gateSource([answer.article, ...(answer.alsoCited ?? [])]) : null,
        tenantDenyList: await ctx.denyList.phrases(tenantId),
        tenantPhiKinds,
      });

    if (result.decision === 'block') {
      // A handler's own reply that the gate blocks is not sent at all: the handler sees it `blocked`.
      if (reply.template === agentMessageTemplate) {
        return { kind: 'finish', status: 'policy_blocked', patch: { outcome: 'policy_blocked' }, audit: auditOf('policy.blocked', result, reply.template) };
      }
      // The claimant is offered a person at once (human-handover): the promised follow-up, as a button or numbered choice.
      const followUp = await ctx.templates.render(tenantId, payload.channel, language, { template: 'human_follow_up', vars: {}, choices: [humanHandoverIntent] }, payload.claimantLanguage);
      return {
        kind: 'forward', to: next(workflowOf(payload), 'policy'), payload: { ...payload, rendered: followUp, afterSend: 'policy_blocked' },
        patch: { outcome: 'policy_blocked' },
        audit: auditOf('policy.blocked', result, reply.template),
      };
    }

    const safe: RenderedReply = { ...rendered, text: result.text };
    if (rendered.providerTemplate) {
      safe.providerTemplate = { ...rendered.providerTemplate, params: rendered.providerTemplate.params.map((p) => redactPhi(p, tenantPhiKinds).text) };
    }
    const effects: Effect[] = [];
    if (fresh && answer.article) {
      // The explanation is kept, not this claim's opening (its approval and amount): a hit opens
      // it again with the asking claim's own (pipeline/workflows/query-reason.ts, answerReply).
      const kept = { template: 'kb_answer', vars: { answer: reply.vars.answer ?? '', source: reply.vars.source ?? '' } };
      const also = (answer.alsoCited ?? []).map((a) => ({ articleId: a.id, articleVersion: a.version }));
      effects.push({ type: 'answer.cache', key: answer.cacheKey, value: { reply: kept, articleId: answer.article.id, articleVersion: answer.article.version, ...(also.length > 0 ? { alsoCited: also } : {}) } });
    }
    return {
      kind: 'forward', to: next(workflowOf(payload), 'policy'), payload: { ...payload, rendered: safe },
      ...(answer ? { patch: { outcome: answer.cached ? 'answered_from_cache' : 'answered' } } : {}),
      audit: auditOf('policy.passed', result, reply.template),
      ...(effects.length > 0 ? { effects } : {}),
    };
  },
};

/**
 * What tier 4 checks the answer against: the articles it cites, read as one (an answer that
 * explains two deductions rests on two articles). Trusted only if every one is; its reason codes
 * are all of theirs; its words, theirs together.
 */
function gateSource(articles: CitedArticle[]): GateSource {
  const [first] = articles;
  if (articles.length === 1) return { articleId: first!.id, trusted: first!.trusted, reasonCodes: first!.reasonCodes, title: first!.title, body: first!.body };
  return {
    articleId: articles.map((a) => a.id).join(','),
    trusted: articles.every((a) => a.trusted),
    reasonCodes: [...new Set(articles.flatMap((a) => a.reasonCodes))],
    title: articles.map((a) => a.title).join('\n'),
    body: articles.map((a) => a.body).join('\n\n'),
  };
}

/** The decision, flat (no PHI: codes, numbers and tier lists only). */
function auditOf(type: 'policy.passed' | 'policy.blocked', result: GateResult, template: string): AuditNote {
  const scoreOf = (tier: number) => result.tiers.find((t: TierOutcome) => t.tier === tier)?.score ?? null;
  const detail: AuditNote['detail'] = {
    tiers: result.tiers.map((t) => t.tier).join(','),
    outcomes: result.tiers.map((t) => `${t.tier}:${t.outcome}`).join(','),
    score: scoreOf(2),
    coverage: scoreOf(4),
    template,
  };
  if (type === 'policy.blocked') return { type, detail: { ...detail, tier: result.tier, reason: result.reason } };
  const kinds = Object.keys(result.redactions).sort();
  return { type, detail: { ...detail, redactions: kinds.reduce((n, k) => n + (result.redactions[k] ?? 0), 0), redacted_kinds: kinds.join(',') } };
}
