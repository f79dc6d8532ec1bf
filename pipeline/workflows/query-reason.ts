/**
 * query-reason: why a claim was rejected, cut or delayed, answered from the partner's knowledge
 * base with the source cited (docs/query-reason.md).
 *   truth      reads the claimant's claims; the question is about their newest claim
 *   knowledge  the answer cache first, else a search with the question and the claim's reason
 *              codes; the top article, and one for each reason code it does not explain, are
 *              composed into the reply, which opens with the claim's approval (and the approved
 *              amount) when the CMS says it was approved
 *   policy     all four tiers of the gate for a new answer, tiers 1 and 3 for a cached one
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../src/errors';
import { maskClaimId, phiHash } from '../../src/phi';
import { defaultLanguage, fallbackOrder } from '../languages';
import { plainText } from '../plain-text';
import { normalise } from '../text';
import { ownClaims } from '../own-claims';
import { canonicalCode } from '../policy-gate/semantic';
import type { CitedArticle, Decision, Envelope, KbArticle, Language, QueryContext, QueryReasonPayload, ReplyRequest, StageContext } from '../types';
import { next, type WorkflowDefinition } from './definition';

type QrEnvelope = Envelope & { payload: QueryReasonPayload };

export const queryReason: WorkflowDefinition<QueryReasonPayload> = {
  type: 'query-reason',
  intent: 'query_reason',
  stages: ['gateway', 'consent', 'router', 'truth', 'knowledge', 'policy', 'outbound'],
  steps: { truth: queryReasonTruth, knowledge: queryReasonKnowledge },
  // The CMS, the answer cache, the knowledge base and the payload: neither step reads the record.
  recordFreeSteps: ['truth', 'knowledge'],
  restricted: { at: ['router', 'knowledge'] },
  offered: true,
  waitsIn: [],
};

/** Longest article excerpt sent, in characters: a WhatsApp message should be read, not scrolled. */
const maxExcerptChars = 600;

/** Truth step: the claim the question is about (identity gate: the sender's own claims only). */
export async function queryReasonTruth(envelope: QrEnvelope, ctx: StageContext): Promise<Decision> {
  const { payload } = envelope;
  const found = await ownClaims(envelope, ctx);
  if ('decision' in found) return found.decision;
  const own = found.claims;
  // The question is about the claimant's newest claim.
  const claim = own[0]!;
  const reasonCodes = Array.isArray(claim.reason_codes) ? claim.reason_codes.filter((c) => typeof c === 'string') : [];
  return {
    kind: 'forward', to: next(queryReason, 'truth'),
    payload: {
      ...payload,
      query: {
        claimId: claim.claim_id, status: claim.status, reasonCodes,
        amountApproved: typeof claim.amount_approved === 'number' && Number.isFinite(claim.amount_approved) ? claim.amount_approved : null,
        names: typeof claim.member_name === 'string' && claim.member_name.trim() !== '' ? [claim.member_name] : [],
        otherClaimIds: own.slice(1).map((c) => c.claim_id),
      },
    },
    patch: { claim_id_hash: phiHash(claim.claim_id), claim_ref: maskClaimId(claim.claim_id) },
    audit: { type: 'claim.reasons_fetched', detail: { claims_found: own.length, reason_codes: reasonCodes.length, status: claim.status } },
  };
}

/** The answer-cache key: the same question (normalised), language and reason codes. */
export function answerCacheKey(language: Language, question: string, reasonCodes: readonly string[]): string {
  const codes = [...new Set(reasonCodes)].sort().join(',');
  return createHash('sha256').update(`${language}\u0000${normalise(question)}\u0000${codes}`).digest('hex');
}

/** Knowledge step: a kept answer, or the best article composed into a reply. */
export async function queryReasonKnowledge(envelope: QrEnvelope, ctx: StageContext): Promise<Decision> {
  const { payload, tenantId } = envelope;
  const query = payload.query;
  if (!query) throw new AppError('invalid_envelope', 'query-reason reached knowledge without its claim');
  const language = payload.language ?? defaultLanguage;
  const cacheKey = answerCacheKey(language, payload.text, query.reasonCodes);
  const cached = await ctx.answers.lookup(tenantId, cacheKey);
  if (cached) {
    // The kept explanation, opened for this claim: its approval and amount are this claim's own.
    const reply = answerReply(query, cached.reply.vars.answer ?? '', cached.reply.vars.source ?? '');
    return {
      kind: 'forward', to: next(queryReason, 'knowledge'),
      payload: { ...payload, reply, answer: { cacheKey, cached: true, article: null } },
      audit: { type: 'knowledge.cache_hit', detail: { article_id: cached.articleId, article_version: cached.articleVersion } },
    };
  }
  const hits = await ctx.knowledge.search(tenantId, payload.text, query.reasonCodes, language, 3);
  const top = hits[0];
  if (!top) {
    return {
      kind: 'forward', to: next(queryReason, 'knowledge'),
      payload: { ...payload, reply: { template: 'kb_answer', vars: { answer: '', source: '' } }, answer: { cacheKey, cached: false, article: null } },
      audit: { type: 'knowledge.searched', detail: { cache: 'miss', hits: 0, article_id: null } },
    };
  }
  const article = top.article;
  // Every deduction is explained: the top article, then the best one for each reason code the
  // articles chosen so far leave unexplained.
  const chosen: KbArticle[] = [article];
  for (const code of query.reasonCodes) {
    const wanted = canonicalCode(code);
    const explains = (a: KbArticle) => a.reason_codes.some((c) => canonicalCode(c) === wanted);
    if (chosen.some(explains)) continue;
    let found = hits.map((h) => h.article).find(explains);
    if (!found) found = (await ctx.knowledge.search(tenantId, payload.text, [code], language, 3)).map((h) => h.article).find(explains);
    if (found && !chosen.some((a) => a.id === found!.id)) chosen.push(found);
  }
  const [first, ...more] = chosen.map((a) => cited(a, language));
  return {
    kind: 'forward', to: next(queryReason, 'knowledge'),
    payload: {
      ...payload,
      reply: answerReply(query, chosen.map((a) => excerptOf(textIn(a.body, language))).join('\n\n'), chosen.map(sourceLine).join('; ')),
      answer: { cacheKey, cached: false, article: first!, ...(more.length > 0 ? { alsoCited: more } : {}) },
    },
    audit: {
      type: 'knowledge.searched',
      detail: {
        cache: 'miss', hits: hits.length, article_id: article.id, article_version: article.version, score: Math.round(top.score * 1000) / 1000, trusted: article.trusted,
        ...(more.length > 0 ? { also_cited: more.map((a) => a.id).join(',') } : {}),
      },
    },
  };
}

/** Statuses that say the claim was approved, in full or in part: the answer opens by saying so. */
const approvedStatuses = new Set(['APPROVED', 'PARTIALLY_APPROVED', 'SETTLED', 'PAID']);

/**
 * The reply: the explanation and its sources, opened with the claim's approval when the CMS says
 * it was approved (and the approved amount when the CMS gives it): a claimant who asks why a claim
 * was rejected must learn first that it was not.
 */
export function answerReply(query: QueryContext, answer: string, source: string): ReplyRequest {
  if (!approvedStatuses.has(query.status)) return { template: 'kb_answer', vars: { answer, source } };
  const amount = query.amountApproved ?? null;
  if (amount === null) return { template: 'kb_answer_approved', vars: { answer, source } };
  return { template: 'kb_answer_approved_amount', vars: { answer, source, amount: rupees(amount) } };
}

/** An amount in rupees as Indian readers write it: ₹1,00,000. */
function rupees(amount: number): string {
  return `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
}

/** An article as the policy gate reads it: plain text in the claimant's language. */
function cited(article: KbArticle, language: Language): CitedArticle {
  return { id: article.id, version: article.version, trusted: article.trusted, reasonCodes: article.reason_codes, title: plainText(textIn(article.title, language)), body: plainText(textIn(article.body, language)) };
}

/** The article's text in the claimant's language, else the nearest it has (`fallbackOrder`:
 *  the default language first, English). */
function textIn(text: KbArticle['body'], language: Language): string {
  for (const code of fallbackOrder(language)) if (text[code] !== undefined) return text[code];
  return '';
}

/** Plain text (no markup reaches a channel), cut at a sentence end within the limit. */
function excerptOf(body: string): string {
  const plain = plainText(body).replace(/\s+/g, ' ').trim();
  if (plain.length <= maxExcerptChars) return plain;
  const cut = plain.slice(0, maxExcerptChars);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('। '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return end > maxExcerptChars / 3 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

function sourceLine(article: KbArticle): string {
  const s = article.source;
  return plainText(`${s.document}, ${s.section}, v${s.version}`);
}
